/**
 * The corpus half of H-creativity: human (and earlier agents') solutions of a task, summarised by approach,
 * embedded and indexed in a directory, searched by an episode's approach.
 */
export type { ApproachSummarizer } from './approach-summarizer.js';
export { ConceptApproachSummarizer, createConceptApproachSummarizer } from './concept-approach-summarizer.js';
export type { ConceptApproachSummarizerOptions } from './concept-approach-summarizer-options.js';
export {
  CorpusSolutionSchema,
  MedalSchema,
  SolutionOriginSchema,
  type CorpusSolution,
  type Medal,
  type ReadSolutionsResult,
  type SkippedInput,
  type SolutionOrigin,
} from './corpus-solution.js';
export { CorpusEntrySchema, type CorpusEntry, type CorpusNeighbor } from './corpus-entry.js';
export { CorpusManifestSchema, corpusFormatVersion, corpusManifestName, type CorpusManifest } from './corpus-manifest.js';
export { parseNotebook, type NotebookText } from './notebook-text.js';
export { readSolutionFile, isSolutionFile, solutionFileKinds } from './read-solution-file.js';
export { readSolutionRecords, SolutionRecordSchema, type SolutionRecord } from './read-solution-records.js';
export { readTrajectorySolutions } from './read-trajectory-solutions.js';
export { readSolutions } from './read-solutions.js';
export { Corpus, type CorpusSearchOptions } from './corpus.js';
export { hnswCorpusIndex, type CorpusIndexFactory } from './corpus-index-factory.js';
export { buildCorpus, type BuildCorpusResult } from './build-corpus.js';
export { openCorpus } from './open-corpus.js';
export type { BuildCorpusOptions, OpenCorpusOptions } from './corpus-options.js';
export { CorpusMismatchError, type CorpusMismatchField } from '../errors/corpus-mismatch-error.js';
export { CorpusFileError, type CorpusFileProblem } from '../errors/corpus-file-error.js';
export {
  createHCreativityScorer,
  scoreRunHCreativity,
  type HCreativityEpisode,
  type HCreativityNeighbour,
  type HCreativityScore,
  type HCreativityScoreOptions,
  type HCreativityScorer,
} from './h-creativity-scorer.js';
export { scoreMedalTiers, type MedalTierScore } from './medal-tier-calibration.js';
export {
  nearestHumanNeighbourTimeline,
  solutionTime,
  type NeighbourTimeline,
  type TimelineQuartile,
} from './neighbour-timeline.js';
export { hCreativityScorerOptionsSchema, type HCreativityScorerOptions } from './h-creativity-scorer-options.js';
