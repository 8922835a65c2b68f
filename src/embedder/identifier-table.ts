/**
 * A memo from identifier to value, keyed by two independent 32-bit hashes and the length of the identifier,
 * so a scanner can find an identifier's tokens without slicing the string. A false hit needs both hashes
 * and the length to collide (odds about n² / 2⁶⁵ for n identifiers: nil in practice). It forgets everything
 * when half full; being a memo, that changes no result.
 */
export class IdentifierTable<Value> {
  readonly #capacity: number;
  // Per slot: first hash, second hash, length (0 marks an empty slot: identifiers are never empty) and a spare
  // word, side by side in one array, so a probe reads one cache line instead of one in each of three arrays.
  // Allocated on first `set`, so that importing the embedder costs no memory until it embeds.
  #keys = new Int32Array(0);
  #values: (Value | undefined)[] = [];
  #size = 0;

  /** A table of `2 ** bits` slots. */
  constructor(bits: number) {
    this.#capacity = 2 ** bits;
  }

  /** The value stored for the identifier with these hashes and length, if any. */
  get(firstHash: number, secondHash: number, length: number): Value | undefined {
    const keys = this.#keys;
    const mask = (keys.length >> 2) - 1;
    if (mask < 0) return undefined;
    for (let slot = firstHash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2;
      const storedLength = keys[at + 2]!;
      if (storedLength === 0) return undefined;
      if (keys[at] === firstHash && keys[at + 1] === secondHash && storedLength === length) return this.#values[slot];
    }
  }

  /** Stores `value` for the identifier (which must not be stored yet). */
  set(firstHash: number, secondHash: number, length: number, value: Value): void {
    if (this.#keys.length === 0) {
      this.#keys = new Int32Array(4 * this.#capacity);
      this.#values = new Array<Value | undefined>(this.#capacity).fill(undefined);
    }
    if ((this.#size + 1) * 2 > this.#capacity) {
      this.#keys.fill(0);
      this.#values.fill(undefined);
      this.#size = 0;
    }
    const keys = this.#keys;
    const mask = this.#capacity - 1;
    let slot = firstHash & mask;
    while (keys[(slot << 2) + 2] !== 0) slot = (slot + 1) & mask;
    const at = slot << 2;
    keys[at] = firstHash;
    keys[at + 1] = secondHash;
    keys[at + 2] = length;
    this.#values[slot] = value;
    this.#size += 1;
  }
}
