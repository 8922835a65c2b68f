/** `text` without a leading UTF-8 byte-order mark (editors on Windows write one before JSON and JSON lines). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
