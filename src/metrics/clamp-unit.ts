/** `value` clamped to [0, 1]; cosine distances of signed-hash vectors can stray just outside it. */
export function clampUnit(value: number): number {
  return value < 0 ? 0 : Math.min(value, 1);
}
