/** A Python float literal (`1.0`, `0.05`, `1e-09`), as `repr` would print it. */
export function pythonFloat(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return `${value}.0`;
  const text = String(value);
  return text.replace(/e([+-])(\d)$/, 'e$10$2');
}

/** A Python int literal. */
export function pythonInt(value: number): string {
  return String(Math.round(value));
}

/** A Python string literal (double quotes). */
export function pythonString(value: string): string {
  return JSON.stringify(value);
}

/** A Python list of strings. */
export function pythonStringList(values: readonly string[]): string {
  return `[${values.map(pythonString).join(', ')}]`;
}
