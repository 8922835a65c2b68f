import { createHash, type Hash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { IndexFileError } from '../errors/index-file-error.js';
import { fileReadError } from './vector-index-metadata.js';

/** What an hnswlib index file holds, read and checked in JavaScript before the native code touches it. */
export interface HnswIndexFileSummary {
  readonly bytes: number;
  readonly sha256: string;
  readonly dimensions: number;
  /** hnswlib's `max_elements_`. */
  readonly capacity: number;
  /** Slots in use, live and deleted. */
  readonly elementCount: number;
  readonly m: number;
  /** Label of each live (not deleted) element. */
  readonly liveLabels: readonly number[];
}

// hnswlib 0.8 `saveIndex`: 13 fields, then the level-0 block, then one length-prefixed link list per element.
const headerBytes = 96;
const labelBytes = 8;
const deleteMark = 0x01;
const batchBytes = 1 << 20;

/**
 * Streams the hnswlib index file at `path` once: hashes it and checks that its header, level-0 block and link
 * lists are consistent (neighbour ids in range, lengths adding up to the file size). A damaged file would
 * otherwise crash or silently misbehave inside hnswlib. Throws `IndexFileError` (`missing` or `corrupt`).
 */
export async function inspectHnswIndexFile(path: string): Promise<HnswIndexFileSummary> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw fileReadError(path, error);
  }
  const corrupt = (reason: string) =>
    new IndexFileError({ file: path, problem: 'corrupt', reason: `not a valid hnswlib index: ${reason}` });
  try {
    const fileBytes = (await handle.stat()).size;
    const hash = createHash('sha256');
    const reader = new SequentialReader(handle, hash);
    const headerView = await reader.take(headerBytes);
    if (headerView === null) throw corrupt('shorter than the header');
    const header = readHeader(headerView);
    const problem = headerProblem(header, fileBytes);
    if (problem !== null) throw corrupt(problem);

    const { elementCount, elementBytes, labelOffset, maxM0, maxM } = header;
    const liveLabels: number[] = [];
    const seenLabels = new Set<number>();
    const perBatch = Math.max(1, Math.floor(batchBytes / elementBytes));
    for (let first = 0; first < elementCount; first += perBatch) {
      const count = Math.min(perBatch, elementCount - first);
      const block = await reader.take(count * elementBytes);
      if (block === null) throw corrupt('truncated in the level-0 block');
      for (let element = 0; element < count; element++) {
        const offset = element * elementBytes;
        const linkProblem = linkListProblem(block, offset, maxM0, elementCount);
        if (linkProblem !== null) throw corrupt(`level-0 links of element ${first + element}: ${linkProblem}`);
        const label = Number(block.readBigUInt64LE(offset + labelOffset));
        if (label > 0xffffffff || seenLabels.has(label)) throw corrupt(`invalid or repeated label ${label}`);
        seenLabels.add(label);
        if (((block[offset + 2] as number) & deleteMark) === 0) liveLabels.push(label);
      }
    }

    const upperListBytes = maxM * 4 + 4;
    for (let element = 0; element < elementCount; element++) {
      const sizeView = await reader.take(4);
      if (sizeView === null) throw corrupt('truncated in the link lists');
      const size = sizeView.readUInt32LE(0);
      if (size === 0) continue;
      if (size % upperListBytes !== 0 || size / upperListBytes > header.maxLevel) {
        throw corrupt(`element ${element} has an invalid link-list size ${size}`);
      }
      const lists = await reader.take(size);
      if (lists === null) throw corrupt('truncated in the link lists');
      for (let offset = 0; offset < size; offset += upperListBytes) {
        const linkProblem = linkListProblem(lists, offset, maxM, elementCount);
        if (linkProblem !== null) throw corrupt(`upper links of element ${element}: ${linkProblem}`);
      }
    }
    const trailing = await reader.drain();
    if (trailing > 0) throw corrupt(`${trailing} unexpected bytes after the link lists`);

    return {
      bytes: reader.bytesRead,
      sha256: hash.digest('hex'),
      dimensions: header.dimensions,
      capacity: header.capacity,
      elementCount,
      m: header.m,
      liveLabels,
    };
  } catch (error) {
    if (IndexFileError.isInstance(error)) throw error;
    throw fileReadError(path, error);
  } finally {
    await handle.close();
  }
}

interface HnswHeader {
  readonly offsetLevel0: number;
  readonly capacity: number;
  readonly elementCount: number;
  readonly elementBytes: number;
  readonly labelOffset: number;
  readonly dataOffset: number;
  readonly maxLevel: number;
  readonly entryPoint: number;
  readonly maxM: number;
  readonly maxM0: number;
  readonly m: number;
  readonly dimensions: number;
}

function readHeader(view: Buffer): HnswHeader {
  const size = (offset: number) => Number(view.readBigUInt64LE(offset));
  const labelOffset = size(32);
  const dataOffset = size(40);
  return {
    offsetLevel0: size(0),
    capacity: size(8),
    elementCount: size(16),
    elementBytes: size(24),
    labelOffset,
    dataOffset,
    maxLevel: view.readInt32LE(48),
    entryPoint: view.readUInt32LE(52),
    maxM: size(56),
    maxM0: size(64),
    m: size(72),
    dimensions: (labelOffset - dataOffset) / 4,
  };
}

function headerProblem(header: HnswHeader, fileBytes: number): string | null {
  const { m, maxM, maxM0, elementCount, elementBytes } = header;
  if (header.offsetLevel0 !== 0) return 'level-0 offset is not 0';
  if (!(m >= 1 && m <= 10_000) || maxM !== m || maxM0 !== 2 * m) return `inconsistent M (${m}, ${maxM}, ${maxM0})`;
  if (header.dataOffset !== maxM0 * 4 + 4) return 'vector offset does not follow the level-0 links';
  if (!Number.isInteger(header.dimensions) || header.dimensions < 1) return 'invalid vector size';
  if (elementBytes !== header.labelOffset + labelBytes) return 'element size does not match its layout';
  if (header.capacity > 0xffffffff || elementCount > header.capacity) return 'element count exceeds capacity';
  if (elementCount * (elementBytes + 4) + headerBytes > fileBytes) return 'shorter than its element count implies';
  if (elementCount > 0 && (header.entryPoint >= elementCount || header.maxLevel < 0 || header.maxLevel > 64)) {
    return 'invalid entry point or level';
  }
  return null;
}

// A link list: a 4-byte header whose low 16 bits are the count (byte 2 holds the delete mark), then the ids.
function linkListProblem(view: Buffer, offset: number, capacity: number, elementCount: number): string | null {
  const count = view.readUInt16LE(offset);
  if (count > capacity) return `${count} links, at most ${capacity} allowed`;
  for (let index = 0; index < count; index++) {
    const neighbor = view.readUInt32LE(offset + 4 + index * 4);
    if (neighbor >= elementCount) return `neighbour ${neighbor} out of range`;
  }
  return null;
}

/** Reads a file front to back in large chunks, hashing every byte read. */
class SequentialReader {
  bytesRead = 0;
  private buffer = Buffer.allocUnsafe(batchBytes);
  private start = 0;
  private end = 0;
  private endOfFile = false;

  constructor(
    private readonly handle: FileHandle,
    private readonly hash: Hash,
  ) {}

  /** The next `length` bytes (a view, valid until the next call), or null when the file ends first. */
  async take(length: number): Promise<Buffer | null> {
    while (this.end - this.start < length && !this.endOfFile) await this.fill(length);
    if (this.end - this.start < length) return null;
    const view = this.buffer.subarray(this.start, this.start + length);
    this.start += length;
    return view;
  }

  /** Reads to the end of the file; returns how many bytes were left. */
  async drain(): Promise<number> {
    let left = this.end - this.start;
    while (!this.endOfFile) {
      this.start = this.end = 0;
      await this.fill(1);
      left += this.end;
    }
    this.start = this.end;
    return left;
  }

  private async fill(length: number): Promise<void> {
    if (this.start > 0) {
      this.buffer.copy(this.buffer, 0, this.start, this.end);
      this.end -= this.start;
      this.start = 0;
    }
    if (this.buffer.length < length) {
      const larger = Buffer.allocUnsafe(Math.max(length, this.buffer.length * 2));
      this.buffer.copy(larger, 0, 0, this.end);
      this.buffer = larger;
    }
    const { bytesRead } = await this.handle.read(this.buffer, this.end, this.buffer.length - this.end, null);
    if (bytesRead === 0) {
      this.endOfFile = true;
      return;
    }
    this.hash.update(this.buffer.subarray(this.end, this.end + bytesRead));
    this.end += bytesRead;
    this.bytesRead += bytesRead;
  }
}
