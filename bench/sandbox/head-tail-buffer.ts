/**
 * Keeps at most `limit` bytes of a stream: the first half and the last half, with a line saying how much was cut
 * between them. A program's first lines say what it was doing, its last ones how it ended (a traceback's last
 * line); the middle of a flood of prints matters least. Memory stays at `limit` however much is written.
 */
export class HeadTailBuffer {
  readonly #headLimit: number;
  readonly #tailLimit: number;
  readonly #head: Buffer;
  #headLength = 0;
  // A ring of the last bytes seen past the head.
  readonly #tail: Buffer;
  #tailEnd = 0;
  #tailLength = 0;
  #total = 0;

  /** `limit` bytes in all, half for the head and half for the tail. */
  constructor(limit: number) {
    this.#headLimit = Math.ceil(limit / 2);
    this.#tailLimit = Math.floor(limit / 2);
    this.#head = Buffer.alloc(this.#headLimit);
    this.#tail = Buffer.alloc(this.#tailLimit);
  }

  /** Bytes written in all, kept or not. */
  get totalBytes(): number {
    return this.#total;
  }

  /** Adds a chunk of the stream. */
  write(chunk: Uint8Array): void {
    this.#total += chunk.length;
    let rest = chunk;
    if (this.#headLength < this.#headLimit) {
      const taken = Math.min(rest.length, this.#headLimit - this.#headLength);
      this.#head.set(rest.subarray(0, taken), this.#headLength);
      this.#headLength += taken;
      rest = rest.subarray(taken);
    }
    if (this.#tailLimit === 0 || rest.length === 0) return;
    if (rest.length > this.#tailLimit) rest = rest.subarray(rest.length - this.#tailLimit);
    const first = Math.min(rest.length, this.#tailLimit - this.#tailEnd);
    this.#tail.set(rest.subarray(0, first), this.#tailEnd);
    this.#tail.set(rest.subarray(first), 0);
    this.#tailEnd = (this.#tailEnd + rest.length) % this.#tailLimit;
    this.#tailLength = Math.min(this.#tailLimit, this.#tailLength + rest.length);
  }

  /** The kept text (UTF-8; a character split by the cut becomes U+FFFD), with the cut marked when there was one. */
  text(): string {
    const head = this.#head.subarray(0, this.#headLength);
    const start = (this.#tailEnd - this.#tailLength + this.#tailLimit) % this.#tailLimit;
    const tail =
      start + this.#tailLength <= this.#tailLimit
        ? this.#tail.subarray(start, start + this.#tailLength)
        : Buffer.concat([this.#tail.subarray(start), this.#tail.subarray(0, this.#tailEnd)]);
    const cut = this.#total - this.#headLength - this.#tailLength;
    if (cut === 0) return Buffer.concat([head, tail]).toString('utf8');
    const marker = `\n[… ${cut} bytes cut: output is limited to ${this.#headLimit + this.#tailLimit} bytes …]\n`;
    return head.toString('utf8') + marker + tail.toString('utf8');
  }
}
