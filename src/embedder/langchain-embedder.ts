import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { raceAbort, sleep } from '../calls/abortable.js';
import { backoffDelay } from '../calls/backoff-delay.js';
import { ConcurrencyLimiter } from '../calls/concurrency-limiter.js';
import { failureMessage, failureStatus, isRetryableFailure, retryAfterMs } from '../calls/provider-failure.js';
import { EmbeddingError } from '../errors/embedding-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';
import { parseOptions } from '../options/parse-options.js';
import type { RandomSource } from '../random/random-source.js';
import type { Embedder, EmbeddingInput } from './embedder.js';
import {
  langChainEmbedderOptionsSchema,
  type LangChainEmbedderOptions,
  type ResolvedLangChainEmbedderOptions,
} from './langchain-embedder-options.js';

const cacheFormat = 'boden-embedding-cache-v1';
const diskReadConcurrency = 64;

/** What `embed` has done so far, for logs and tests. */
export interface LangChainEmbedderStatistics {
  /** Texts answered from the in-memory cache. */
  readonly memoryHits: number;
  /** Texts answered from the on-disk cache. */
  readonly diskHits: number;
  /** Texts the provider embedded. */
  readonly providerTexts: number;
  /** `embedDocuments` calls, failed ones and retries included. */
  readonly requests: number;
  /** Calls that were retries of a failed call. */
  readonly retries: number;
  /** Disk cache files that were unreadable or inconsistent, so were recomputed. */
  readonly corruptCacheEntries: number;
  /** Disk cache writes that failed; the vectors were returned anyway. */
  readonly cacheWriteFailures: number;
}

/** The default `render`: the text a `LangChainEmbedder` embeds for an input, `Plan:\n<plan>\n\nCode:\n<code>`. */
export function renderEmbeddingText(input: EmbeddingInput): string {
  return `Plan:\n${input.plan}\n\nCode:\n${input.code}`;
}

interface PendingText {
  readonly key: string;
  readonly text: string;
  readonly inputIndex: number;
}

/**
 * An `Embedder` over any LangChain `EmbeddingsInterface`, e.g. `OpenAIEmbeddings` pointed at a local vLLM, TEI or
 * Ollama server (see `createOpenAiCompatibleEmbedder`). Texts missing from the content-hash cache (sha256 of id and
 * rendered text; in memory, and on disk when `cache.directory` is set) are sent in batches of `batchSize` through
 * `embedDocuments`, at most `maxConcurrency` calls at a time across all `embed` calls; every vector is checked
 * (length, finite, non-zero) and L2-normalised.
 *
 * Retries are ours: 429, 5xx, timeouts, connection errors and unreadable bodies are retried `maxRetries` times with
 * jittered exponential backoff (honouring `retry-after`); other failures, e.g. 400 or 401, fail at once. Either way
 * the caller gets an `EmbeddingError` with the attempts made. Give the LangChain model no retries of its own
 * (`maxRetries: 0`), or the two multiply. A batch is one `embedDocuments` call; when the model splits calls
 * itself (`OpenAIEmbeddings.batchSize`, default 512) our batch size is lowered to its, so the two never disagree.
 */
export class LangChainEmbedder implements Embedder {
  /** Version of the `Embedder` role this class implements. */
  readonly specificationVersion = 'v1' as const;
  /** Identifies model and settings; part of every cache key. */
  readonly id: string;
  readonly #options: ResolvedLangChainEmbedderOptions;
  readonly #render: (input: EmbeddingInput) => string;
  readonly #random: RandomSource;
  readonly #batchSize: number;
  readonly #memory: Map<string, Float32Array> | null;
  readonly #directory: string | null;
  #directoryReady: Promise<unknown> | null = null;
  #dimensions: number | null;
  readonly #limiter: ConcurrencyLimiter;
  readonly #statistics = {
    memoryHits: 0,
    diskHits: 0,
    providerTexts: 0,
    requests: 0,
    retries: 0,
    corruptCacheEntries: 0,
    cacheWriteFailures: 0,
  };

  /** Validates `options` (throws `InvalidOptionsError` naming a bad one); makes no call to the provider. */
  constructor(options: LangChainEmbedderOptions) {
    const resolved = parseOptions(langChainEmbedderOptionsSchema, options, 'LangChainEmbedder');
    this.#options = resolved;
    this.#render = resolved.render ?? renderEmbeddingText;
    this.#random = resolved.random ?? Math.random;
    this.#dimensions = resolved.dimensions ?? null;
    const model = resolved.embeddings as { model?: unknown; modelName?: unknown; batchSize?: unknown };
    const modelName =
      typeof model.model === 'string'
        ? model.model
        : typeof model.modelName === 'string'
          ? model.modelName
          : resolved.embeddings.constructor.name;
    this.id = resolved.id ?? `langchain/${modelName}${resolved.dimensions === undefined ? '' : `/${resolved.dimensions}`}`;
    const theirs = model.batchSize;
    this.#batchSize =
      typeof theirs === 'number' && Number.isInteger(theirs) && theirs > 0 ? Math.min(resolved.batchSize, theirs) : resolved.batchSize;
    this.#memory = resolved.cache === false ? null : new Map();
    this.#directory = resolved.cache === false ? null : (resolved.cache.directory ?? null);
    this.#limiter = new ConcurrencyLimiter(resolved.maxConcurrency);
  }

  /** Length of every vector; throws `EmbeddingError` (`dimensions-unknown`) until given or learned (`resolveDimensions`). */
  get dimensions(): number {
    if (this.#dimensions !== null) return this.#dimensions;
    throw new EmbeddingError({
      embedderId: this.id,
      problem: 'dimensions-unknown',
      reason: 'dimensions are learned from the first response: pass `dimensions` or await resolveDimensions() first',
      attempts: 0,
    });
  }

  /** A snapshot of the cache and request counters. */
  get statistics(): LangChainEmbedderStatistics {
    return { ...this.#statistics };
  }

  /** The vector length, embedding one short probe text if no response has taught it yet. */
  async resolveDimensions(options: { signal?: AbortSignal } = {}): Promise<number> {
    if (this.#dimensions === null) await this.embed([{ plan: '', code: '' }], options);
    return this.dimensions;
  }

  /** Embeds each input; one L2-normalised vector per input, in order (a copy, so callers may modify it). */
  async embed(inputs: readonly EmbeddingInput[], options: { signal?: AbortSignal } = {}): Promise<Float32Array[]> {
    const { signal } = options;
    signal?.throwIfAborted();
    const keys: string[] = [];
    const found = new Map<string, Float32Array>();
    const pending = new Map<string, PendingText>();
    inputs.forEach((input, inputIndex) => {
      const text = this.#render(input);
      if (typeof text !== 'string')
        throw new InvalidArgumentError({ argument: 'render', reason: `returned ${typeof text}, expected a string` });
      const key = createHash('sha256').update(this.id).update('\0').update(text).digest('hex');
      keys.push(key);
      if (found.has(key) || pending.has(key)) return;
      const cached = this.#memory?.get(key);
      if (cached === undefined) pending.set(key, { key, text, inputIndex });
      else {
        found.set(key, cached);
        this.#statistics.memoryHits += 1;
      }
    });
    if (this.#directory !== null) await this.#readFromDisk(pending, found);

    const misses = [...pending.values()];
    const outcome: { failed: boolean; error?: unknown } = { failed: false };
    const batches: Promise<void>[] = [];
    for (let start = 0; start < misses.length; start += this.#batchSize) {
      const batch = misses.slice(start, start + this.#batchSize);
      batches.push(
        this.#limiter.run(async () => {
          // After one batch fails the call fails, so later batches are not sent at all.
          if (outcome.failed) return;
          try {
            await this.#embedBatch(batch, found, signal);
          } catch (error) {
            if (!outcome.failed) Object.assign(outcome, { failed: true, error });
          }
        }),
      );
    }
    // Waiting for every batch (rather than the first failure) leaves no request running after embed returns.
    await Promise.all(batches);
    if (outcome.failed) throw outcome.error;
    return keys.map((key) => found.get(key)!.slice());
  }

  async #embedBatch(batch: readonly PendingText[], found: Map<string, Float32Array>, signal: AbortSignal | undefined): Promise<void> {
    const { vectors, attempts } = await this.#callProvider(
      batch.map((entry) => entry.text),
      signal,
    );
    if (!Array.isArray(vectors) || vectors.length !== batch.length) {
      const got = Array.isArray(vectors) ? `${vectors.length} vectors` : typeof vectors;
      throw new EmbeddingError({
        embedderId: this.id,
        problem: 'malformed-response',
        reason: `asked for ${batch.length} vectors, got ${got}`,
        attempts,
      });
    }
    batch.forEach((entry, index) => {
      const vector = this.#normalise(vectors[index], entry.inputIndex, attempts);
      found.set(entry.key, vector);
      this.#memory?.set(entry.key, vector);
    });
    this.#statistics.providerTexts += batch.length;
    if (this.#directory !== null) await Promise.all(batch.map((entry) => this.#writeToDisk(entry.key, found.get(entry.key)!)));
  }

  /** Calls `embedDocuments`, retrying retryable failures with jittered exponential backoff. */
  async #callProvider(texts: string[], signal: AbortSignal | undefined): Promise<{ vectors: unknown; attempts: number }> {
    for (let attempt = 1; ; attempt += 1) {
      signal?.throwIfAborted();
      this.#statistics.requests += 1;
      try {
        return { vectors: await raceAbort(this.#options.embeddings.embedDocuments(texts), signal), attempts: attempt };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const retryable = isRetryableFailure(error);
        if (!retryable || attempt > this.#options.maxRetries) {
          throw new EmbeddingError({
            embedderId: this.id,
            problem: 'provider',
            reason: `the provider failed${retryable ? '' : ' (not retryable)'}: ${failureMessage(error)}`,
            attempts: attempt,
            status: failureStatus(error),
            cause: error,
          });
        }
        this.#statistics.retries += 1;
        await sleep(backoffDelay(attempt, { ...this.#options, random: this.#random }, retryAfterMs(error)), signal, this.#options.timers);
      }
    }
  }

  #normalise(vector: unknown, inputIndex: number, attempts: number): Float32Array {
    const fail = (problem: 'malformed-response' | 'invalid-vector', reason: string): EmbeddingError =>
      new EmbeddingError({ embedderId: this.id, problem, reason: `input ${inputIndex}: ${reason}`, attempts, inputIndex });
    if (!Array.isArray(vector) && !(vector instanceof Float32Array) && !(vector instanceof Float64Array)) {
      throw fail('malformed-response', `expected an array of numbers, got ${typeof vector}`);
    }
    if (vector.length === 0) throw fail('invalid-vector', 'the vector is empty');
    if (this.#dimensions === null) this.#dimensions = vector.length;
    if (vector.length !== this.#dimensions) {
      throw new EmbeddingError({
        embedderId: this.id,
        problem: 'dimension-mismatch',
        reason: `input ${inputIndex}: the vector has ${vector.length} dimensions, expected ${this.#dimensions}`,
        attempts,
        inputIndex,
        expectedDimensions: this.#dimensions,
        actualDimensions: vector.length,
      });
    }
    let sumOfSquares = 0;
    for (const component of vector as ArrayLike<unknown> & Iterable<unknown>) {
      if (typeof component !== 'number' || !Number.isFinite(component))
        throw fail('invalid-vector', 'the vector has a NaN, infinite or non-number component');
      sumOfSquares += component * component;
    }
    if (sumOfSquares === 0) throw fail('invalid-vector', 'the vector is all zeros and has no direction');
    const norm = Math.sqrt(sumOfSquares);
    return Float32Array.from(vector as ArrayLike<number>, (component) => component / norm);
  }

  async #readFromDisk(pending: Map<string, PendingText>, found: Map<string, Float32Array>): Promise<void> {
    const keys = [...pending.keys()];
    // A bounded number of files open at once, so a large batch cannot run out of file descriptors.
    for (let start = 0; start < keys.length; start += diskReadConcurrency) {
      await this.#readSomeFromDisk(keys.slice(start, start + diskReadConcurrency), pending, found);
    }
  }

  async #readSomeFromDisk(keys: readonly string[], pending: Map<string, PendingText>, found: Map<string, Float32Array>): Promise<void> {
    const hits = await Promise.all(
      keys.map(async (key) => {
        let text: string;
        try {
          text = await readFile(join(this.#directory!, `${key}.json`), 'utf8');
        } catch {
          return null; // Missing (or unreadable): an ordinary miss.
        }
        const vector = decodeCacheEntry(text, key, this.#dimensions);
        if (vector === null) this.#statistics.corruptCacheEntries += 1;
        return vector === null ? null : { key, vector };
      }),
    );
    for (const hit of hits) {
      if (hit === null || (this.#dimensions !== null && hit.vector.length !== this.#dimensions)) continue;
      this.#dimensions ??= hit.vector.length;
      pending.delete(hit.key);
      found.set(hit.key, hit.vector);
      this.#memory?.set(hit.key, hit.vector);
      this.#statistics.diskHits += 1;
    }
  }

  async #writeToDisk(key: string, vector: Float32Array): Promise<void> {
    try {
      await (this.#directoryReady ??= mkdir(this.#directory!, { recursive: true }));
      await writeFileAtomic(join(this.#directory!, `${key}.json`), encodeCacheEntry(this.id, key, vector));
    } catch {
      // A cache that cannot be written costs a recomputation later, never the vectors already paid for.
      this.#statistics.cacheWriteFailures += 1;
    }
  }
}

function encodeCacheEntry(embedderId: string, key: string, vector: Float32Array): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((component, index) => bytes.writeFloatLE(component, index * 4));
  return `${JSON.stringify({ format: cacheFormat, embedder: embedderId, key, dimensions: vector.length, vector: bytes.toString('base64') })}\n`;
}

/** The vector a cache file holds, or null when the file is not a consistent entry for `key`. */
function decodeCacheEntry(text: string, key: string, dimensions: number | null): Float32Array | null {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return null;
  }
  if (entry === null || typeof entry !== 'object') return null;
  const { format, key: entryKey, dimensions: length, vector } = entry as Record<string, unknown>;
  if (format !== cacheFormat || entryKey !== key || typeof vector !== 'string' || typeof length !== 'number') return null;
  if (!Number.isInteger(length) || length <= 0 || (dimensions !== null && length !== dimensions)) return null;
  const bytes = Buffer.from(vector, 'base64');
  if (bytes.length !== length * 4) return null;
  const decoded = new Float32Array(length);
  let sumOfSquares = 0;
  for (let index = 0; index < length; index += 1) {
    const component = bytes.readFloatLE(index * 4);
    if (!Number.isFinite(component)) return null;
    decoded[index] = component;
    sumOfSquares += component * component;
  }
  // Every stored vector was unit length; anything else is damage.
  return Math.abs(Math.sqrt(sumOfSquares) - 1) < 1e-3 ? decoded : null;
}
