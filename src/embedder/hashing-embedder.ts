import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { parseOptions } from '../options/parse-options.js';
import { scanCodeTerms, type CodeTokenizerOptions } from './code-tokenizer.js';
import { DocumentFrequencies } from './document-frequencies.js';
import type { Embedder, EmbeddingInput } from './embedder.js';
import {
  hashingEmbedderOptionsSchema,
  type HashingEmbedderOptions,
  type ResolvedHashingEmbedderOptions,
} from './hashing-embedder-options.js';
import { scanPlanTerms, type PlanTokenizerOptions } from './plan-tokenizer.js';
import { hashString, mixHash } from '../text/string-hash.js';
import { TermCounter } from './term-counter.js';

// One seed per block: the same word in a plan and in code is two different features.
const planSeed = 0x9e3779b9;
const codeSeed = 0x85ebca77;
// A document with no words at all still needs a unit vector; all such documents share it.
const emptyDocumentTerm = mixHash(hashString('<empty-document>'), planSeed) | 0;

/** The `idf` option that freezes the frequencies an embedder holds (see `HashingEmbedder.frozenIdf`). */
export interface FrozenIdf {
  readonly mode: 'frozen';
  readonly documentCount: number;
  readonly documentFrequencies: Readonly<Record<string, number>>;
}

// The options' defaults, parsed on first use and shared: a replay makes an embedder per run.
let defaultOptions: Record<string, unknown> | undefined;

/**
 * The offline default `Embedder`: deterministic feature hashing of an episode's plan and code into one
 * L2-normalised `Float32Array`. Plan words, word n-grams and code identifiers (split and whole, dotted API
 * names whole and as parts) are weighted by sub-linear tf × IDF and signed-hashed into two blocks, plan and
 * code. Each block is normalised on its own and scaled so that cosine similarity is
 * `planWeight · cos(plans) + (1 − planWeight) · cos(codes)`. Comments, strings, numbers and whitespace
 * never reach the hash, so style edits and hyper-parameter tweaks leave the vector unchanged.
 *
 * IDF is learned online: `observe` counts the run's documents (call it in run order, after an episode is
 * known), so words every episode shares fade and words no earlier episode used stand out. Vectors embedded
 * before and after an `observe` therefore differ slightly. `fork` starts a new run; `fromCorpus` or the
 * `idf: { mode: 'frozen', … }` option fix the frequencies instead.
 */
export class HashingEmbedder implements Embedder {
  /** Version of the `Embedder` role this class implements. */
  readonly specificationVersion = 'v1' as const;
  /** Length of every vector. */
  readonly dimensions: number;
  readonly #options: ResolvedHashingEmbedderOptions;
  readonly #planDimensions: number;
  readonly #codeTokenizerOptions: CodeTokenizerOptions;
  readonly #planTokenizerOptions: PlanTokenizerOptions;
  // Reused for every document: embedding is synchronous, so one document is counted at a time.
  readonly #planCounter = new TermCounter();
  readonly #codeCounter = new TermCounter();
  readonly #addPlanTerm = (hash: number): void => this.#planCounter.add(mixHash(hash, planSeed) | 0);
  readonly #addCodeTerm = (hash: number): void => this.#codeCounter.add(mixHash(hash, codeSeed) | 0);
  #frequencies: DocumentFrequencies;
  #frozen: boolean;
  #id: string;
  // The input whose terms the counters hold, so that `observe` right after `embedOne` of the same episode
  // (what a scorer does) does not tokenise it again.
  #countedInput: EmbeddingInput | undefined;
  #countedPlan = '';
  #countedCode = '';

  /** Validates `options` (throws `InvalidOptionsError` naming a bad one) and starts with no learned IDF. */
  constructor(options: HashingEmbedderOptions = {}) {
    const resolved = parseOptions(hashingEmbedderOptionsSchema, options, 'HashingEmbedder');
    this.#options = resolved;
    this.dimensions = resolved.dimensions;
    this.#planDimensions = Math.round(resolved.dimensions * resolved.planShare);
    this.#codeTokenizerOptions = { language: resolved.codeLanguage, keepNameStrings: resolved.keepNameStrings };
    this.#planTokenizerOptions = { maxNgram: resolved.planMaxNgram };
    this.#frozen = resolved.idf.mode === 'frozen';
    this.#frequencies = resolved.idf.mode === 'frozen' ? DocumentFrequencies.fromSnapshot(resolved.idf) : new DocumentFrequencies();
    this.#id = this.#describe();
  }

  /**
   * An embedder whose IDF is frozen at the document frequencies of `inputs` (e.g. human solutions or
   * earlier runs of the task); `observe` leaves it unchanged and `fork` keeps it.
   */
  static fromCorpus(inputs: Iterable<EmbeddingInput>, options: Omit<HashingEmbedderOptions, 'idf'> = {}): HashingEmbedder {
    const embedder = new HashingEmbedder({ ...options, idf: { mode: 'online' } });
    for (const input of inputs) embedder.#count(input);
    if (embedder.#frequencies.documentCount === 0) throw new InvalidArgumentError({ argument: 'inputs', reason: 'the corpus is empty' });
    embedder.#freeze(embedder.#frequencies);
    return embedder;
  }

  /**
   * Identifies the settings: `hashing-v1/<dimensions>` with default settings, followed by `/<fingerprint>`
   * when options or a frozen corpus differ. Online IDF is run state and not part of it.
   */
  get id(): string {
    return this.#id;
  }

  /** Number of documents the IDF is currently based on. */
  get idfDocumentCount(): number {
    return this.#frequencies.documentCount;
  }

  /** Embeds each input; one L2-normalised vector per input, in order. */
  async embed(inputs: readonly EmbeddingInput[], options: { signal?: AbortSignal } = {}): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (const input of inputs) {
      options.signal?.throwIfAborted();
      vectors.push(this.embedOne(input));
    }
    return vectors;
  }

  /** Synchronous `embed`, for hot paths. */
  embedSync(inputs: readonly EmbeddingInput[]): Float32Array[] {
    return inputs.map((input) => this.embedOne(input));
  }

  /** The L2-normalised vector of one input under the current IDF. */
  embedOne(input: EmbeddingInput): Float32Array {
    const vector = new Float32Array(this.dimensions);
    this.#countTerms(input);
    const planNorm = this.#accumulate(this.#planCounter, vector, 0, this.#planDimensions);
    const codeNorm = this.#accumulate(this.#codeCounter, vector, this.#planDimensions, this.dimensions - this.#planDimensions);
    let planWeight = planNorm > 0 ? this.#options.planWeight : 0;
    let codeWeight = codeNorm > 0 ? 1 - this.#options.planWeight : 0;
    if (planWeight + codeWeight === 0) {
      // A block given no weight still carries the episode when it is all there is.
      planWeight = planNorm > 0 ? 1 : 0;
      codeWeight = codeNorm > 0 ? 1 : 0;
    }
    if (planWeight + codeWeight === 0) {
      this.#place(emptyDocumentTerm, 1, vector, 0, this.#planDimensions);
      return this.#scaleBlocks(vector, 1, 0, 1, 0);
    }
    return this.#scaleBlocks(vector, planNorm, codeNorm, planWeight, codeWeight);
  }

  /** Counts `inputs` into the online IDF (a no-op when IDF is frozen); call in run order. */
  observe(inputs: readonly EmbeddingInput[]): void {
    if (this.#frozen) return;
    for (const input of inputs) this.#count(input);
  }

  /** A fresh embedder with the same options and no learned IDF; a frozen corpus IDF is kept (shared, read-only). */
  fork(): HashingEmbedder {
    const copy = new HashingEmbedder({ ...this.#options, idf: { mode: 'online' } });
    if (this.#frozen) {
      copy.#frequencies = this.#frequencies;
      copy.#frozen = true;
      copy.#id = this.#id;
    }
    return copy;
  }

  /**
   * The frequencies this embedder holds (learned so far, or frozen) as an `idf` option, ready to save as
   * JSON and pass to `new HashingEmbedder({ idf })` so another process embeds the same.
   */
  frozenIdf(): FrozenIdf {
    if (this.#frequencies.documentCount === 0) {
      throw new InvalidArgumentError({ argument: 'this', reason: 'no documents have been observed, so there is no IDF to freeze' });
    }
    return { mode: 'frozen', ...this.#frequencies.snapshot() };
  }

  #freeze(frequencies: DocumentFrequencies): void {
    this.#frequencies = frequencies;
    this.#frozen = true;
    this.#id = this.#describe();
  }

  #count(input: EmbeddingInput): void {
    if (input !== this.#countedInput || input.plan !== this.#countedPlan || input.code !== this.#countedCode) this.#countTerms(input);
    // Block seeds keep plan and code terms apart, so the two counters never share a term.
    this.#frequencies.addCountedDocument([this.#planCounter, this.#codeCounter]);
  }

  /** Fills the plan and code counters with `input`'s block-seeded term hashes. */
  #countTerms(input: EmbeddingInput): void {
    this.#planCounter.clear();
    this.#codeCounter.clear();
    scanPlanTerms(input.plan, this.#planTokenizerOptions, this.#addPlanTerm);
    scanCodeTerms(input.code, this.#codeTokenizerOptions, this.#addCodeTerm);
    this.#countedInput = input;
    this.#countedPlan = input.plan;
    this.#countedCode = input.code;
  }

  /** Adds a block's tf-idf features into `vector[offset, offset + size)`; returns the block's L2 norm. */
  #accumulate(counter: TermCounter, vector: Float32Array, offset: number, size: number): number {
    for (let index = 0; index < counter.size; index += 1) {
      const term = counter.term(index);
      // Sub-linear tf: a word used ten times is not ten times the evidence.
      const count = counter.count(index);
      this.#place(term, (count === 1 ? 1 : 1 + Math.log(count)) * this.#frequencies.inverse(term), vector, offset, size);
    }
    let sumOfSquares = 0;
    for (let index = offset; index < offset + size; index += 1) sumOfSquares += vector[index]! * vector[index]!;
    return Math.sqrt(sumOfSquares);
  }

  #place(term: number, weight: number, vector: Float32Array, offset: number, size: number): void {
    // The sign bit makes colliding terms cancel on average instead of inflating similarity.
    const slot = offset + ((size & (size - 1)) === 0 ? term & (size - 1) : (term & 0x7fffffff) % size);
    vector[slot] = vector[slot]! + (term < 0 ? -weight : weight);
  }

  #scaleBlocks(vector: Float32Array, planNorm: number, codeNorm: number, planWeight: number, codeWeight: number): Float32Array {
    const total = planWeight + codeWeight;
    const planScale = planNorm > 0 ? Math.sqrt(planWeight / total) / planNorm : 0;
    const codeScale = codeNorm > 0 ? Math.sqrt(codeWeight / total) / codeNorm : 0;
    // A block without weight is cleared rather than scaled, which would leave negative zeros behind.
    if (planScale === 0) vector.fill(0, 0, this.#planDimensions);
    else for (let index = 0; index < this.#planDimensions; index += 1) vector[index] = vector[index]! * planScale;
    if (codeScale === 0) vector.fill(0, this.#planDimensions);
    else for (let index = this.#planDimensions; index < this.dimensions; index += 1) vector[index] = vector[index]! * codeScale;
    return vector;
  }

  #describe(): string {
    defaultOptions ??= hashingEmbedderOptionsSchema.parse({});
    const defaults: Record<string, unknown> = defaultOptions;
    const parts = Object.entries(this.#options)
      .filter(([key, value]) => key !== 'idf' && key !== 'dimensions' && defaults[key] !== value)
      .map(([key, value]) => `${key}=${String(value)}`);
    if (this.#frozen) parts.push(`idf=${this.#frequencies.documentCount}:${this.#frequencies.termCount}:${this.#corpusChecksum()}`);
    const base = `hashing-v1/${this.dimensions}`;
    return parts.length === 0 ? base : `${base}/${(hashString(parts.sort().join(';')) >>> 0).toString(16).padStart(8, '0')}`;
  }

  #corpusChecksum(): string {
    const snapshot = this.#frequencies.snapshot();
    let checksum = 0;
    // Order-independent, so two equal corpora get the same id however they were counted.
    for (const [term, count] of Object.entries(snapshot.documentFrequencies))
      checksum = (checksum + Math.imul(hashString(term), count)) | 0;
    return (checksum >>> 0).toString(16);
  }
}
