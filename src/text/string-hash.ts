const fnvOffsetBasis = 0x811c9dc5;
const fnvPrime = 0x01000193;
// The second lane of the 53-bit hashes: another basis and Murmur's multiplier.
const secondBasis = 0x9747b28c;
const secondPrime = 0x5bd1e995;

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

/**
 * A 53-bit hash of `text` (two independent 32-bit FNV-1a lanes, each finalised, the second cut to 21 bits), a safe
 * integer usable as a `Set`/`Map` key: the rubric judge keeps line and program keys of a whole run as these numbers
 * instead of the texts. Two different texts share one with probability about 2^-53 per pair: among 100k distinct lines
 * of one run, a false match anywhere has probability about 5 × 10^-7. Hand-written: a few lines, no allocation.
 */
export function hashString53(text: string): number {
  let first = fnvOffsetBasis;
  let second = secondBasis;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, fnvPrime);
    second = Math.imul(second ^ code, secondPrime);
  }
  return finishHashLanes(first, second);
}

/** The starting values of `hashString53`'s two lanes, for a scanner that hashes codes as it writes them. */
export const hashLaneBases = { first: fnvOffsetBasis, second: secondBasis } as const;
/** The multipliers of `hashString53`'s two lanes (see `stepHashLane`). */
export const hashLanePrimes = { first: fnvPrime, second: secondPrime } as const;

/** Advances one lane of `hashString53` by one UTF-16 code unit. */
export function stepHashLane(hash: number, code: number, prime: number): number {
  return Math.imul(hash ^ code, prime);
}

/** `hashString53` of the string of the first `length` UTF-16 code units of `codes`, without making the string. */
export function hashCodes53(codes: Uint16Array, length: number): number {
  let first = fnvOffsetBasis;
  let second = secondBasis;
  for (let index = 0; index < length; index += 1) {
    const code = codes[index]!;
    first = Math.imul(first ^ code, fnvPrime);
    second = Math.imul(second ^ code, secondPrime);
  }
  return finishHashLanes(first, second);
}

/**
 * The 53-bit value of `hashString53`'s two lanes after the last code (each finalised, the second cut to 21 bits):
 * of lanes stepped over `text` from `hashLaneBases`, it is `hashString53(text)`.
 */
export function finishHashLanes(first: number, second: number): number {
  return (mixHash(second, 0x27d4eb2f) & 0x1fffff) * 0x100000000 + mixHash(first, 0);
}

/**
 * A 53-bit hash of a sequence of `hashString53` values (e.g. a program's lines, in order), as strong as hashing the
 * joined text but without reading it again: each value's two halves go through the same two lanes.
 */
export function hashSequence53(hashes: ArrayLike<number>): number {
  let first = fnvOffsetBasis;
  let second = secondBasis;
  for (let index = 0; index < hashes.length; index += 1) {
    const hash = hashes[index]!;
    const low = hash >>> 0;
    const high = Math.floor(hash / 0x100000000);
    first = Math.imul(Math.imul(first ^ low, fnvPrime) ^ high, fnvPrime);
    second = Math.imul(Math.imul(second ^ low, secondPrime) ^ high, secondPrime);
  }
  return (mixHash(second, 0x27d4eb2f) & 0x1fffff) * 0x100000000 + mixHash(first, hashes.length);
}
