import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CorpusFileError } from '../errors/corpus-file-error.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { LanceDbVectorIndex } from '../vector-index/lancedb-vector-index.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import { vectorIndexMetadataPath } from '../vector-index/vector-index-metadata.js';
import { CorpusEntrySchema, type CorpusEntry } from './corpus-entry.js';
import {
  corpusManifestName,
  CorpusManifestSchema,
  generationFileNames,
  isLanceDbCorpusIndex,
  lanceDbCorpusTable,
  type CorpusManifest,
} from './corpus-manifest.js';

/** The manifest of a save minus what the save fills in (generation and files). */
export type CorpusManifestBody = Omit<CorpusManifest, 'generation' | 'files'>;

/**
 * Saves a corpus as generation `previous + 1`: the index (atomically, with its metadata), then the entries, each
 * under new names, then the manifest that points at them, renamed into place last. A LanceDB table is not written
 * again: the manifest records the version the entries go with. A failure before that rename
 * removes the new files and leaves the previous generation readable; after it, the previous generation's files
 * are removed. Throws `CorpusFileError` (`unwritable`) on failure.
 */
export async function saveCorpusFiles(options: {
  directory: string;
  body: CorpusManifestBody;
  index: VectorIndex | LanceDbVectorIndex;
  entries: Iterable<CorpusEntry>;
  previous: CorpusManifest | null;
}): Promise<CorpusManifest> {
  const { directory, body, index, previous } = options;
  const generation = (previous?.generation ?? 0) + 1;
  const generated = generationFileNames(generation);
  const entriesText = [...options.entries].map((entry) => `${JSON.stringify(entry)}\n`).join('');
  // A LanceDB table is written as vectors are added; the save commits the version the entries go with.
  const lanceDb = index instanceof LanceDbVectorIndex;
  // A table never written to (no solution added yet) has no version to record.
  const version = lanceDb ? await index.version() : 0;
  const indexFiles = lanceDb
    ? { index: `${lanceDbCorpusTable}.lance`, ...(version > 0 ? { indexVersion: version } : {}) }
    : { index: generated.index };
  const manifest: CorpusManifest = {
    ...body,
    generation,
    files: { ...indexFiles, entries: generated.entries, entriesSha256: sha256Hex(entriesText) },
  };
  const indexPath = join(directory, generated.index);
  try {
    if (!lanceDb) await index.save(indexPath);
    await writeFileAtomic(join(directory, generated.entries), entriesText);
    await writeFileAtomic(join(directory, corpusManifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  } catch (error) {
    await removeQuietly([...(lanceDb ? [] : [indexPath, vectorIndexMetadataPath(indexPath)]), join(directory, generated.entries)]);
    throw new CorpusFileError({
      file: directory,
      problem: 'unwritable',
      reason: `the save failed, the previous corpus is intact: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (previous !== null) {
    const old = join(directory, previous.files.index);
    await removeQuietly([
      ...(isLanceDbCorpusIndex(previous.files) ? [] : [old, vectorIndexMetadataPath(old)]),
      join(directory, previous.files.entries),
    ]);
  }
  return manifest;
}

/** Reads and validates the manifest of the corpus in `directory`; `CorpusFileError` when missing or corrupt. */
export async function readCorpusManifest(directory: string): Promise<CorpusManifest> {
  const path = join(directory, corpusManifestName);
  const text = await readText(path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CorpusFileError({ file: path, problem: 'corrupt', reason: 'not valid JSON', cause: error });
  }
  const parsed = CorpusManifestSchema.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`).join('; ');
    throw new CorpusFileError({ file: path, problem: 'corrupt', reason, cause: parsed.error });
  }
  return parsed.data;
}

/** Reads the entries the manifest points at, checking their checksum; `CorpusFileError` when missing or corrupt. */
export async function readCorpusEntries(directory: string, manifest: CorpusManifest): Promise<CorpusEntry[]> {
  const path = join(directory, manifest.files.entries);
  const text = await readText(path);
  if (sha256Hex(text) !== manifest.files.entriesSha256) {
    throw new CorpusFileError({
      file: path,
      problem: 'corrupt',
      reason: 'checksum differs from the manifest (damaged, or from another save)',
    });
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line, index) => {
      const parsed = CorpusEntrySchema.safeParse(JSON.parse(line));
      if (!parsed.success)
        throw new CorpusFileError({ file: path, problem: 'corrupt', reason: `line ${index + 1}: ${parsed.error.message}` });
      return parsed.data;
    });
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new CorpusFileError({
      file: path,
      problem: missing ? 'missing' : 'corrupt',
      reason: missing ? 'no such file' : (error as Error).message,
      cause: error,
    });
  }
}

async function removeQuietly(paths: readonly string[]): Promise<void> {
  // Not recursive: never remove a directory someone else put there.
  await Promise.all(paths.map((path) => rm(path, { force: true }).catch(() => undefined)));
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
