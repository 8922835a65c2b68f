import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { checkAnswer, type JudgeAnswer } from './judge-answer.js';

const cacheFormat = 'boden-judge-cache-v1';

/** Where a cached answer came from. */
export type JudgeCacheSource = 'memory' | 'disk';

/** Counters of a `JudgeCache`, for logs and tests. */
export interface JudgeCacheStatistics {
  readonly memoryHits: number;
  readonly diskHits: number;
  /** Disk entries that were unreadable or inconsistent, so were asked again. */
  readonly corruptEntries: number;
  /** Disk writes that failed; the verdicts were returned anyway. */
  readonly writeFailures: number;
}

/**
 * The content-hash key of a judge call: sha256 over the judge id (naming the model and its settings), the prompt
 * version, the context settings and the full, untrimmed prompt content. The per-call nonce is left out, so the
 * same episodes always map to the same key, and re-scoring a run asks the model nothing.
 */
export function judgeCacheKey(parts: { judgeId: string; promptVersion: string; settings: unknown; content: unknown }): string {
  const hash = createHash('sha256');
  for (const part of [cacheFormat, parts.judgeId, parts.promptVersion, JSON.stringify(parts.settings), JSON.stringify(parts.content)]) {
    hash.update(part).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Model answers by content-hash key: in memory, and on disk as one JSON file per key when `directory` is set
 * (written atomically, so a crash never leaves a torn entry). Only valid model answers are stored, never
 * fallbacks, so a failed episode is asked again next time. Disk problems cost a request, never a verdict.
 */
export class JudgeCache {
  readonly #memory = new Map<string, JudgeAnswer>();
  readonly #directory: string | null;
  #directoryReady: Promise<unknown> | null = null;
  readonly #statistics = { memoryHits: 0, diskHits: 0, corruptEntries: 0, writeFailures: 0 };

  /** A memory cache, backed by `directory` (created on first write) when given. */
  constructor(options: { directory: string | null }) {
    this.#directory = options.directory;
  }

  /** A snapshot of the counters. */
  get statistics(): JudgeCacheStatistics {
    return { ...this.#statistics };
  }

  /** The answer stored under `key`, or null. */
  async get(key: string): Promise<{ answer: JudgeAnswer; source: JudgeCacheSource } | null> {
    const remembered = this.#memory.get(key);
    if (remembered !== undefined) {
      this.#statistics.memoryHits += 1;
      return { answer: remembered, source: 'memory' };
    }
    if (this.#directory === null) return null;
    let text: string;
    try {
      text = await readFile(this.#path(key), 'utf8');
    } catch {
      return null; // Missing (or unreadable): an ordinary miss.
    }
    const answer = decodeEntry(text, key);
    if (answer === null) {
      this.#statistics.corruptEntries += 1;
      return null;
    }
    this.#memory.set(key, answer);
    this.#statistics.diskHits += 1;
    return { answer, source: 'disk' };
  }

  /** Stores `answer` under `key`; `judgeId` is written into the disk entry for people reading it. */
  async set(key: string, judgeId: string, answer: JudgeAnswer): Promise<void> {
    this.#memory.set(key, answer);
    if (this.#directory === null) return;
    try {
      await (this.#directoryReady ??= mkdir(this.#directory, { recursive: true }));
      await writeFileAtomic(this.#path(key), `${JSON.stringify({ format: cacheFormat, key, judge: judgeId, answer })}\n`);
    } catch {
      this.#statistics.writeFailures += 1;
    }
  }

  #path(key: string): string {
    return join(this.#directory!, `${key}.json`);
  }
}

/** The answer a cache file holds, or null when the file is not a consistent entry for `key`. */
function decodeEntry(text: string, key: string): JudgeAnswer | null {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return null;
  }
  if (entry === null || typeof entry !== 'object') return null;
  const { format, key: entryKey, answer } = entry as Record<string, unknown>;
  if (format !== cacheFormat || entryKey !== key) return null;
  const checked = checkAnswer(answer);
  return 'answer' in checked ? checked.answer : null;
}
