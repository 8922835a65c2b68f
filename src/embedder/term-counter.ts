const initialCapacity = 1024;

/**
 * Counts occurrences of int32 term hashes in one document, reused across documents: an open-addressing
 * table in typed arrays, cleared in O(1) by bumping a stamp, because a `Map` per document was the
 * embedder's largest cost after tokenising.
 */
export class TermCounter {
  #keys = new Int32Array(initialCapacity);
  #counts = new Int32Array(initialCapacity);
  #stamps = new Int32Array(initialCapacity);
  // The table grows once more than half full, so it holds at most capacity / 2 + 1 terms.
  #order = new Int32Array(initialCapacity / 2 + 1);
  #stamp = 1;
  #size = 0;

  /** Number of distinct terms added since the last `clear`. */
  get size(): number {
    return this.#size;
  }

  /** Forgets every term. */
  clear(): void {
    this.#size = 0;
    this.#stamp += 1;
    if (this.#stamp === 0x7fffffff) {
      this.#stamps.fill(0);
      this.#stamp = 1;
    }
  }

  /** Adds one occurrence of `term` (an int32 hash, already well mixed). */
  add(term: number): void {
    const mask = this.#keys.length - 1;
    let slot = term & mask;
    for (;;) {
      if (this.#stamps[slot] !== this.#stamp) {
        this.#stamps[slot] = this.#stamp;
        this.#keys[slot] = term;
        this.#counts[slot] = 1;
        this.#order[this.#size] = slot;
        this.#size += 1;
        if (this.#size * 2 > this.#keys.length) this.#grow();
        return;
      }
      if (this.#keys[slot] === term) {
        this.#counts[slot] = this.#counts[slot]! + 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** The `index`-th distinct term, in order of first occurrence (`index` < `size`). */
  term(index: number): number {
    return this.#keys[this.#order[index]!]!;
  }

  /** Occurrences of the `index`-th distinct term. */
  count(index: number): number {
    return this.#counts[this.#order[index]!]!;
  }

  #grow(): void {
    const terms: number[] = [];
    const counts: number[] = [];
    for (let index = 0; index < this.#size; index += 1) {
      terms.push(this.term(index));
      counts.push(this.count(index));
    }
    const capacity = this.#keys.length * 2;
    this.#keys = new Int32Array(capacity);
    this.#counts = new Int32Array(capacity);
    this.#stamps = new Int32Array(capacity);
    this.#order = new Int32Array(capacity / 2 + 1);
    this.#stamp = 1;
    this.#size = 0;
    for (let index = 0; index < terms.length; index += 1) {
      this.add(terms[index]!);
      this.#counts[this.#order[index]!] = counts[index]!;
    }
  }
}
