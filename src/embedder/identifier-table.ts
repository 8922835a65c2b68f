/**
 * A memo from identifier to value, keyed by two independent 32-bit hashes and the length of the identifier,
 * so a scanner can find an identifier's tokens without slicing the string. A false hit needs both hashes
 * and the length to collide (odds about n² / 2⁶⁵ for n identifiers: nil in practice). It forgets everything
 * when half full; being a memo, that changes no result.
 */
export class IdentifierTable<Value> {
  readonly #capacity: number;
  // Allocated on first `set`, so that importing the embedder costs no memory until it embeds.
  #firstHashes = new Int32Array(0);
  #secondHashes = new Int32Array(0);
  // 0 marks an empty slot: identifiers are never empty.
  #lengths = new Int32Array(0);
  #values: (Value | undefined)[] = [];
  #size = 0;

  /** A table of `2 ** bits` slots. */
  constructor(bits: number) {
    this.#capacity = 2 ** bits;
  }

  /** The value stored for the identifier with these hashes and length, if any. */
  get(firstHash: number, secondHash: number, length: number): Value | undefined {
    const mask = this.#lengths.length - 1;
    if (mask < 0) return undefined;
    let slot = firstHash & mask;
    while (this.#lengths[slot] !== 0) {
      if (this.#firstHashes[slot] === firstHash && this.#secondHashes[slot] === secondHash && this.#lengths[slot] === length) return this.#values[slot];
      slot = (slot + 1) & mask;
    }
    return undefined;
  }

  /** Stores `value` for the identifier (which must not be stored yet). */
  set(firstHash: number, secondHash: number, length: number, value: Value): void {
    if (this.#lengths.length === 0) {
      this.#firstHashes = new Int32Array(this.#capacity);
      this.#secondHashes = new Int32Array(this.#capacity);
      this.#lengths = new Int32Array(this.#capacity);
      this.#values = new Array<Value | undefined>(this.#capacity).fill(undefined);
    }
    if ((this.#size + 1) * 2 > this.#capacity) {
      this.#lengths.fill(0);
      this.#values.fill(undefined);
      this.#size = 0;
    }
    const mask = this.#capacity - 1;
    let slot = firstHash & mask;
    while (this.#lengths[slot] !== 0) slot = (slot + 1) & mask;
    this.#firstHashes[slot] = firstHash;
    this.#secondHashes[slot] = secondHash;
    this.#lengths[slot] = length;
    this.#values[slot] = value;
    this.#size += 1;
  }
}
