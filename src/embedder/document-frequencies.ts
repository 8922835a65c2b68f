/**
 * Document frequencies in a portable form: how many documents were counted, and for each hashed term
 * (8 lower-case hex digits, as `HashingEmbedder` hashes it) in how many of them it occurred.
 */
export interface DocumentFrequencySnapshot {
  readonly documentCount: number;
  readonly documentFrequencies: Readonly<Record<string, number>>;
}

import type { TermCounter } from './term-counter.js';

/**
 * Counts in how many documents each hashed term occurs and turns that into an inverse document frequency.
 * Terms are int32 hashes kept in an open-addressing table of typed arrays: the embedder looks up every
 * distinct term of every episode, and this is several times faster than a `Map`.
 */
export class DocumentFrequencies {
  // Term and count side by side (slot i at 2i and 2i + 1), so a look-up touches one cache line, not two.
  #slots = new Int32Array(2 * 4096);
  #termCount = 0;
  #documentCount = 0;
  // ln(1 + N), refreshed when N changes, so `inverse` takes no logarithm for the usual small frequencies.
  #logDocuments = 0;

  /** Number of documents counted so far. */
  get documentCount(): number {
    return this.#documentCount;
  }

  /** Number of distinct terms seen. */
  get termCount(): number {
    return this.#termCount;
  }

  /** Counts one document given its distinct terms. */
  addDocument(terms: Iterable<number>): void {
    for (const term of terms) this.#add(term, 1);
    this.#endDocument();
  }

  /** Counts one document given counters of its terms (the distinct terms of all counters together). */
  addCountedDocument(counters: readonly TermCounter[]): void {
    for (const counter of counters) for (let index = 0; index < counter.size; index += 1) this.#add(counter.term(index), 1);
    this.#endDocument();
  }

  /** Number of counted documents that contain `term`. */
  frequency(term: number): number {
    const slots = this.#slots;
    const mask = (slots.length >> 1) - 1;
    let slot = term & mask;
    for (;;) {
      const count = slots[2 * slot + 1]!;
      if (count === 0) return 0;
      if (slots[2 * slot] === term) return count;
      slot = (slot + 1) & mask;
    }
  }

  /**
   * Smoothed inverse document frequency `ln((1 + N) / (1 + df)) + 1` (scikit-learn's): 1 for every term
   * before any document is counted, highest for terms never seen, never zero.
   */
  inverse(term: number): number {
    const frequency = this.frequency(term);
    return this.#logDocuments - (frequency < logTable.length ? logTable[frequency]! : Math.log(1 + frequency)) + 1;
  }

  /** The counts as plain JSON-ready data. */
  snapshot(): DocumentFrequencySnapshot {
    const documentFrequencies: Record<string, number> = {};
    for (let slot = 0; slot < this.#slots.length; slot += 2) {
      const count = this.#slots[slot + 1]!;
      if (count > 0) documentFrequencies[(this.#slots[slot]! >>> 0).toString(16).padStart(8, '0')] = count;
    }
    return { documentCount: this.#documentCount, documentFrequencies };
  }

  /** Rebuilds counts from a snapshot. */
  static fromSnapshot(snapshot: DocumentFrequencySnapshot): DocumentFrequencies {
    const frequencies = new DocumentFrequencies();
    for (const [key, count] of Object.entries(snapshot.documentFrequencies)) frequencies.#add(Number.parseInt(key, 16) | 0, count);
    frequencies.#documentCount = snapshot.documentCount;
    frequencies.#logDocuments = Math.log(1 + snapshot.documentCount);
    return frequencies;
  }

  #endDocument(): void {
    this.#documentCount += 1;
    this.#logDocuments = Math.log(1 + this.#documentCount);
  }

  #add(term: number, count: number): void {
    const slots = this.#slots;
    const mask = (slots.length >> 1) - 1;
    let slot = term & mask;
    // A count of 0 marks an empty slot: stored counts are at least 1.
    while (slots[2 * slot + 1] !== 0 && slots[2 * slot] !== term) slot = (slot + 1) & mask;
    if (slots[2 * slot + 1] === 0) {
      slots[2 * slot] = term;
      this.#termCount += 1;
    }
    slots[2 * slot + 1] = slots[2 * slot + 1]! + count;
    if (this.#termCount * 2 > slots.length >> 1) this.#grow();
  }

  #grow(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(old.length * 2);
    this.#termCount = 0;
    for (let slot = 0; slot < old.length; slot += 2) if (old[slot + 1]! > 0) this.#add(old[slot]!, old[slot + 1]!);
  }
}

// ln(1 + df) for the small document frequencies almost every term has.
const logTable = Float64Array.from({ length: 4096 }, (_, frequency) => Math.log(1 + frequency));
