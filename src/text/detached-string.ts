/**
 * A copy of `text` that keeps nothing else alive. V8 makes a slice of 13 or more characters a view into the string
 * it was cut from, so a memo keyed by a line or a word cut from an episode would keep the whole episode's text in
 * memory for as long as the entry lives (at 20k scored episodes, 55 MB of a scorer's heap were such texts). The
 * UTF-16 round trip copies the code units as they are, lone surrogates included.
 */
export function detachedString(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}
