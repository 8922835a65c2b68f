const fnvOffsetBasis = 0x811c9dc5;
const fnvPrime = 0x01000193;

/**
 * FNV-1a 32-bit hash of `text` (UTF-16 code units), as an unsigned integer; fast and allocation-free,
 * which matters because the embedder hashes thousands of tokens per episode.
 */
export function hashString(text: string): number {
  let hash = fnvOffsetBasis;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, fnvPrime);
  }
  return hash >>> 0;
}

/**
 * Murmur3's 32-bit finaliser applied to `hash ^ seed`: spreads FNV's weak low bits over every bit, and a
 * different `seed` gives an independent-looking hash family (one per embedding block).
 */
export function mixHash(hash: number, seed: number): number {
  let mixed = (hash ^ seed) >>> 0;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed >>> 0;
}
