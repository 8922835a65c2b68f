import { createHash } from 'node:crypto';
import { conceptCategories, type ConceptCategory } from '../concepts/concept.js';
import { ConceptExtractor } from '../concepts/concept-extractor.js';
import type { EmbeddingInput } from '../embedder/embedder.js';
import { parseOptions } from '../options/parse-options.js';
import type { ApproachSummarizer } from './approach-summarizer.js';
import { conceptApproachSummarizerOptionsSchema, type ConceptApproachSummarizerOptions } from './concept-approach-summarizer-options.js';

const version = 'concept-summary-v1';
// The main choices come first, under their own headings; every other category follows in vocabulary order.
const featureCategories: readonly ConceptCategory[] = ['representation', 'feature-engineering', 'preprocessing'];
const mainCategories = new Set<ConceptCategory>(['model-family', 'model', 'validation', ...featureCategories]);
const noTechniques = 'approach: no recognised techniques';

/** Creates a `ConceptApproachSummarizer`; a bad option throws `InvalidOptionsError` naming it. */
export function createConceptApproachSummarizer(options: ConceptApproachSummarizerOptions = {}): ConceptApproachSummarizer {
  return new ConceptApproachSummarizer(options);
}

/**
 * The offline, deterministic `ApproachSummarizer`: the concept extractor's concepts of a solution as one line per
 * choice, main choices first (paradigms, model families, models, validation, features), then the other categories.
 * Identifiers, comments and formatting only matter through the techniques they name, so two solutions written
 * differently with the same method get the same summary.
 */
export class ConceptApproachSummarizer implements ApproachSummarizer {
  /** Version of the `ApproachSummarizer` role this class implements. */
  readonly specificationVersion = 'v1' as const;
  /** `concept-summary-v1`, followed by `/<fingerprint>` with a custom vocabulary or line limit. */
  readonly id: string;
  readonly #extractor: ConceptExtractor;
  readonly #maxConceptsPerLine: number;

  /** Validates `options` (throws `InvalidOptionsError` naming a bad one) and compiles the vocabulary. */
  constructor(options: ConceptApproachSummarizerOptions = {}) {
    const resolved = parseOptions(conceptApproachSummarizerOptionsSchema, options, 'ConceptApproachSummarizer');
    this.#extractor = new ConceptExtractor(resolved.vocabulary === undefined ? {} : { vocabulary: resolved.vocabulary });
    this.#maxConceptsPerLine = resolved.maxConceptsPerLine;
    const customised = resolved.vocabulary !== undefined || resolved.maxConceptsPerLine !== 12;
    this.id = customised
      ? `${version}/${fingerprint({ vocabulary: resolved.vocabulary ?? null, limit: resolved.maxConceptsPerLine })}`
      : version;
  }

  /** The approach summary of `input`: one `heading: concepts` line per choice it makes. */
  summarize(input: EmbeddingInput): string {
    const ids = this.#extractor.extract(input);
    if (ids.length === 0) return noTechniques;
    const groups = this.#extractor.groupByCategory(ids);
    const models = groups.model ?? [];
    const families = new Set<string>(groups['model-family'] ?? []);
    for (const model of models) {
      const family = this.#extractor.familyOf(model);
      if (family !== undefined) families.add(family);
    }
    const paradigms = new Set<string>();
    for (const id of [...families, ...models]) {
      const paradigm = this.#extractor.paradigmOf(id);
      if (paradigm !== undefined) paradigms.add(paradigm);
    }
    const lines: string[] = [];
    this.#line(lines, 'paradigms', paradigms);
    this.#line(lines, 'model families', families);
    this.#line(lines, 'models', models);
    this.#line(lines, 'validation', groups.validation ?? []);
    this.#line(
      lines,
      'features',
      featureCategories.flatMap((category) => groups[category] ?? []),
    );
    for (const category of conceptCategories) {
      if (!mainCategories.has(category)) this.#line(lines, category, groups[category] ?? []);
    }
    return lines.join('\n');
  }

  #line(lines: string[], heading: string, ids: Iterable<string>): void {
    const sorted = [...new Set(ids)].sort().slice(0, this.#maxConceptsPerLine);
    if (sorted.length > 0) lines.push(`${heading}: ${sorted.join(', ')}`);
  }
}

function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}
