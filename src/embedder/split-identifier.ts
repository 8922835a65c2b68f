// Character classes as plain numbers: this runs once per character of every identifier.
const other = 0;
const lower = 1;
const upper = 2;
const digit = 3;

function classify(code: number): number {
  if (code >= 97 && code <= 122) return lower;
  if (code >= 65 && code <= 90) return upper;
  if (code >= 48 && code <= 57) return digit;
  return other;
}

/**
 * Splits an identifier into its lower-cased words: at underscores and other non-alphanumerics, at
 * camelCase humps, before the last capital of an acronym (`LGBMClassifier` → `lgbm`, `classifier`) and
 * between letters and digits (`resnet50` → `resnet`, `50`). Empty parts are dropped.
 */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  let start = -1;
  let previous = other;
  for (let index = 0; index < identifier.length; index += 1) {
    const current = classify(identifier.charCodeAt(index));
    if (current === other) {
      if (start >= 0) parts.push(identifier.slice(start, index).toLowerCase());
      start = -1;
    } else if (start < 0) {
      start = index;
    } else if (isBoundary(previous, current, identifier.charCodeAt(index + 1))) {
      parts.push(identifier.slice(start, index).toLowerCase());
      start = index;
    }
    previous = current;
  }
  if (start >= 0) parts.push(identifier.slice(start).toLowerCase());
  return parts;
}

function isBoundary(previous: number, current: number, nextCode: number): boolean {
  if (previous === lower && current === upper) return true;
  // `HTTPServer`: the `S` starts a new word because a lower-case letter follows it.
  if (previous === upper && current === upper) return classify(nextCode) === lower;
  return (previous === digit) !== (current === digit);
}
