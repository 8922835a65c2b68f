import { z } from 'zod';
import { CorpusSolutionSchema } from './corpus-solution.js';

/**
 * What a corpus keeps of a solution: its metadata and approach summary (the text that was embedded), not its
 * full text. One JSON line per entry in the entries file.
 */
export const CorpusEntrySchema = CorpusSolutionSchema.omit({ plan: true, code: true }).extend({
  /** The approach summary the vector was computed from. */
  summary: z.string(),
});

/** An entry of a corpus: see `CorpusEntrySchema`. */
export type CorpusEntry = z.infer<typeof CorpusEntrySchema>;

/** One search result: a corpus entry and how close its approach is to the query's. */
export interface CorpusNeighbor {
  readonly entry: CorpusEntry;
  /** Cosine similarity of the approach embeddings, in [-1, 1]. */
  readonly similarity: number;
  /** `1 - similarity`. */
  readonly distance: number;
}
