/**
 * A set of 53-bit hashes (`hashString53`: whole numbers from 0 to 2^53) in one `Float64Array`, open addressing with
 * linear probing, grown to keep it at most half full. The rubric judge keeps every distinct substantive line of a run
 * in one: a `Set<number>` of such values holds each as a heap number behind a table entry (about 40 bytes, traced
 * by every garbage collection), this holds 8 to 16 bytes of plain numbers. Hand-written: no library keeps a set of
 * doubles in a typed array.
 */
export class Hash53Set {
  #slots: Float64Array;
  #size = 0;

  /** An empty set with room for about `expected` hashes before it grows. */
  constructor(expected = 1024) {
    this.#slots = new Float64Array(capacityFor(expected)).fill(empty);
  }

  /** How many distinct hashes were added. */
  get size(): number {
    return this.#size;
  }

  /** Whether `hash` was added. */
  has(hash: number): boolean {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let slot = (hash >>> 0) & mask; ; slot = (slot + 1) & mask) {
      const value = slots[slot]!;
      if (value === hash) return true;
      if (value === empty) return false;
    }
  }

  /** Adds `hash` (a whole number from 0 to 2^53; adding one already there does nothing). */
  add(hash: number): void {
    if (2 * (this.#size + 1) > this.#slots.length) this.#grow();
    if (this.#insert(this.#slots, hash)) this.#size += 1;
  }

  /** Puts `hash` into `slots` unless it is there; true when it was not. */
  #insert(slots: Float64Array, hash: number): boolean {
    const mask = slots.length - 1;
    for (let slot = (hash >>> 0) & mask; ; slot = (slot + 1) & mask) {
      const value = slots[slot]!;
      if (value === hash) return false;
      if (value === empty) {
        slots[slot] = hash;
        return true;
      }
    }
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Float64Array(2 * old.length).fill(empty);
    for (const value of old) if (value !== empty) this.#insert(this.#slots, value);
  }
}

// Hashes are never negative: -1 marks a free slot.
const empty = -1;

function capacityFor(expected: number): number {
  let capacity = 16;
  while (capacity < 2 * expected) capacity *= 2;
  return capacity;
}
