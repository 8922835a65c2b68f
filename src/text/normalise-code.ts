/**
 * Code with comments removed and whitespace folded, so two programs that differ only in comments, blank lines
 * or indentation compare equal. String and numeric literals are kept: changing them changes the program.
 * Understands `#` and `//` line comments, `/* *\/` blocks, and Python's single, double and triple quotes.
 */
export function normaliseCode(code: string): string {
  let output = '';
  let index = 0;
  let pendingSpace = false;
  const emit = (text: string): void => {
    // One space survives only where it separates two word characters (`return x`, not `x = 1`).
    if (pendingSpace && /\w$/.test(output) && /^\w/.test(text)) output += ' ';
    pendingSpace = false;
    output += text;
  };
  while (index < code.length) {
    const character = code[index]!;
    const rest2 = code.slice(index, index + 2);
    if (character === '#' || rest2 === '//') {
      while (index < code.length && code[index] !== '\n') index += 1;
      pendingSpace = true;
      continue;
    }
    if (rest2 === '/*') {
      const end = code.indexOf('*/', index + 2);
      index = end === -1 ? code.length : end + 2;
      pendingSpace = true;
      continue;
    }
    if (character === '"' || character === "'") {
      const triple = code.slice(index, index + 3) === character.repeat(3) ? character.repeat(3) : character;
      let end = index + triple.length;
      while (end < code.length && code.slice(end, end + triple.length) !== triple) {
        if (code[end] === '\\') end += 1;
        if (triple.length === 1 && code[end] === '\n') break;
        end += 1;
      }
      end = Math.min(code.length, end + triple.length);
      emit(code.slice(index, end));
      index = end;
      continue;
    }
    if (/\s/.test(character)) {
      pendingSpace = true;
      index += 1;
      continue;
    }
    emit(character);
    index += 1;
  }
  return output;
}
