import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { IndexFileError } from '../errors/index-file-error.js';
import { writeFilesAtomic } from '../files/write-file-atomic.js';
import { hnswGraphOptionsSchema } from './hnsw-vector-index-options.js';
import { writeNewFile, type VectorIndexFileWriter } from './vector-index-save-options.js';

const format = 'boden-vector-index';
const formatVersion = 1;

/** Where the metadata (ids, options, checksum) of the index saved at `path` lives: `<path>.meta.json`. */
export function vectorIndexMetadataPath(path: string): string {
  return `${path}.meta.json`;
}

const dataFileSchema = z.strictObject({
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const commonShape = {
  format: z.literal(format),
  formatVersion: z.literal(formatVersion),
  dimensions: z.number().int().min(1),
  /** Size and checksum of the index file, so a file from another save or a damaged one is caught before use. */
  dataFile: dataFileSchema,
};

const exactMetadataSchema = z.strictObject({
  ...commonShape,
  implementation: z.literal('exact'),
  /** Id of each row of the data file, in order. */
  ids: z.array(z.string()),
});

const hnswMetadataSchema = z.strictObject({
  ...commonShape,
  implementation: z.literal('hnsw'),
  options: hnswGraphOptionsSchema,
  /** Slots in use in the hnswlib file, live and deleted. */
  elementCount: z.number().int().min(0),
  /** The next unused hnswlib label. */
  nextLabel: z.number().int().min(0),
  /** `[id, label]` of every live vector. */
  entries: z.array(z.tuple([z.string(), z.number().int().min(0)])),
});

/** The metadata file of a saved index: format, implementation, dimensions, checksum and the id map. */
export const vectorIndexMetadataSchema = z.discriminatedUnion('implementation', [exactMetadataSchema, hnswMetadataSchema]);

/** Parsed metadata of a saved index. */
export type VectorIndexMetadata = z.infer<typeof vectorIndexMetadataSchema>;
/** Parsed metadata of a saved `ExactVectorIndex`. */
export type ExactVectorIndexMetadata = z.infer<typeof exactMetadataSchema>;
/** Parsed metadata of a saved `HnswVectorIndex`. */
export type HnswVectorIndexMetadata = z.infer<typeof hnswMetadataSchema>;
/** Size and checksum of a data file. */
export type DataFileSummary = z.infer<typeof dataFileSchema>;

/** Metadata fields an implementation supplies; the format fields and the checksum are added on save. */
export type VectorIndexMetadataBody =
  | Omit<ExactVectorIndexMetadata, 'format' | 'formatVersion' | 'dataFile'>
  | Omit<HnswVectorIndexMetadata, 'format' | 'formatVersion' | 'dataFile'>;

/** Hex SHA-256 of `bytes`. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Reads and validates the metadata beside the index at `path`; throws `IndexFileError` (`missing`, `corrupt`, or
 * `mismatch` for another format or version).
 */
export async function readVectorIndexMetadata(path: string): Promise<VectorIndexMetadata> {
  const file = vectorIndexMetadataPath(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw fileReadError(file, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new IndexFileError({ file, problem: 'corrupt', reason: 'metadata is not valid JSON', cause: error });
  }
  const header = z.looseObject({ format: z.unknown(), formatVersion: z.unknown() }).safeParse(value);
  if (header.success && header.data.format !== format) {
    throw new IndexFileError({ file, problem: 'mismatch', reason: `not a ${format} metadata file` });
  }
  if (header.success && header.data.formatVersion !== formatVersion) {
    const version = JSON.stringify(header.data.formatVersion);
    throw new IndexFileError({ file, problem: 'mismatch', reason: `unsupported format version ${version}` });
  }
  const result = vectorIndexMetadataSchema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new IndexFileError({ file, problem: 'corrupt', reason: `invalid metadata (${issues.join('; ')})` });
  }
  return result.data;
}

/** Throws `IndexFileError` (`mismatch`) unless `metadata` was written by `implementation` with `dimensions`. */
export function checkMetadataMatches<Implementation extends VectorIndexMetadata['implementation']>(
  path: string,
  metadata: VectorIndexMetadata,
  expected: { implementation: Implementation; dimensions: number | undefined },
): asserts metadata is Extract<VectorIndexMetadata, { implementation: Implementation }> {
  const file = vectorIndexMetadataPath(path);
  if (metadata.implementation !== expected.implementation) {
    const reason = `holds an index of kind "${metadata.implementation}", expected "${expected.implementation}"`;
    throw new IndexFileError({ file, problem: 'mismatch', reason });
  }
  if (expected.dimensions !== undefined && metadata.dimensions !== expected.dimensions) {
    const reason = `holds ${metadata.dimensions}-dimensional vectors, expected ${expected.dimensions}`;
    throw new IndexFileError({ file, problem: 'mismatch', reason });
  }
}

/** Throws `IndexFileError` (`corrupt`) unless the data file's size and checksum are the ones its metadata records. */
export function checkDataFile(path: string, recorded: DataFileSummary, actual: DataFileSummary): void {
  if (recorded.bytes === actual.bytes && recorded.sha256 === actual.sha256) return;
  const reason =
    `does not match its metadata (${actual.bytes} bytes, sha256 ${actual.sha256.slice(0, 12)}…; metadata ` +
    `records ${recorded.bytes} bytes, sha256 ${recorded.sha256.slice(0, 12)}…): the file is damaged, or the ` +
    `index and metadata files come from different saves`;
  throw new IndexFileError({ file: path, problem: 'corrupt', reason });
}

/** Turns a failed read of a saved index's file into an `IndexFileError` (`missing` when it does not exist). */
export function fileReadError(file: string, error: unknown): IndexFileError {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return new IndexFileError({ file, problem: 'missing', reason: 'no such file', cause: error });
  const reason = `cannot be read (${error instanceof Error ? error.message : String(error)})`;
  return new IndexFileError({ file, problem: 'corrupt', reason, cause: error });
}

/** What an implementation's data writer returns: the data file's summary and the metadata of that same state. */
export interface WrittenData {
  readonly dataFile: DataFileSummary;
  readonly metadata: VectorIndexMetadataBody;
}

/**
 * Saves an index as two files written together atomically: the data file at `path` and the metadata beside it.
 * `writeData` writes the data file at the temporary path it is given and returns its summary with the metadata
 * of the very state it wrote (so the id map always matches the vectors). `writeData` is called before this function
 * first yields: whatever it reads synchronously is the state as of the call. `writeFile` writes the metadata file (and
 * is what `writeData` should write the data file with); `writeNewFile` by default.
 */
export async function saveVectorIndexFiles({
  path,
  writeData,
  writeFile = writeNewFile,
}: {
  path: string;
  writeData: (temporaryPath: string) => Promise<WrittenData>;
  writeFile?: VectorIndexFileWriter | undefined;
}): Promise<void> {
  let written: WrittenData | undefined;
  await writeFilesAtomic([
    {
      path,
      contents: async (temporaryPath) => {
        written = await writeData(temporaryPath);
      },
    },
    {
      path: vectorIndexMetadataPath(path),
      contents: async (temporaryPath) => {
        if (written === undefined) throw new Error('the data file must be written before its metadata');
        const metadata = { format, formatVersion, ...written.metadata, dataFile: written.dataFile };
        await writeFile(temporaryPath, `${JSON.stringify(metadata)}\n`);
      },
    },
  ]);
}
