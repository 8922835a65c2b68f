// One table look-up classifies a UTF-16 code unit; branches on character ranges were the code scanner's main cost.

/** Flag of characters that may appear in an identifier: letters, digits, `_` and `$`. */
export const identifierFlag = 1;
/** Flag of the digits 0-9. */
export const digitFlag = 2;
/** Flag of the letters A-Z. */
export const upperFlag = 4;
/** Flag of the letters a-z. */
export const lowerFlag = 8;

/** The flags of each UTF-16 code unit (0 for everything outside ASCII letters, digits, `_` and `$`). */
export const characterFlags = new Uint8Array(65_536);
for (let character = 48; character <= 57; character += 1) characterFlags[character] = identifierFlag | digitFlag;
for (let character = 65; character <= 90; character += 1) characterFlags[character] = identifierFlag | upperFlag;
for (let character = 97; character <= 122; character += 1) characterFlags[character] = identifierFlag | lowerFlag;
characterFlags[95] = identifierFlag;
characterFlags[36] = identifierFlag;
