import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import type { Run } from '../episode/run.js';
import { spearman } from '../statistics/spearman.js';
import type { ReferenceLabel } from './reference-label.js';
import { matchLabels, type RunsByFile } from './match-labels.js';
import { createNoveltyPass } from './novelty-pass.js';
import type { ValidationScorer } from './validation-scorer.js';

/** The plan weights tried: from code only to plan only (the embedder's default is 0.25). */
export const candidatePlanWeights = [0, 0.25, 0.5, 0.75, 1] as const;

/** What `crossValidatePlanWeight` chose: the held-out scorer, and the weight each research idea was scored with. */
export interface PlanWeightCrossValidation {
  readonly scorer: ValidationScorer;
  /** For each idea, the weight that agreed best with the labels of the other ideas. */
  readonly chosen: ReadonlyMap<string, number>;
}

/**
 * Nearest-neighbour novelty with the hashing embedder's `planWeight` chosen without the idea it scores: for each
 * research idea, the weight of `weights` whose ρ with the labels of every other idea is highest (the first on ties)
 * scores that idea's episodes. Each run gets a fresh embedder (its IDF learns the run), as the scorer's default does.
 */
export async function crossValidatePlanWeight(options: {
  readonly labels: readonly ReferenceLabel[];
  readonly runsByFile: RunsByFile;
  /** The research idea of a run id (`researchIdeas`); a run without one is its own idea. */
  readonly ideas: ReadonlyMap<string, string>;
  readonly weights?: readonly number[];
  readonly id?: string;
}): Promise<PlanWeightCrossValidation> {
  const { labels, runsByFile, ideas, weights = candidatePlanWeights } = options;
  const { matches } = matchLabels(labels, runsByFile);
  const ideaOf = (run: Run) => ideas.get(run.id) ?? run.id;
  // Nearest-neighbour novelty of every matched episode under each weight.
  const byWeight = new Map<number, number[]>();
  for (const weight of weights) {
    const novelty = createNoveltyPass({ embedderFactory: () => new HashingEmbedder({ planWeight: weight }) });
    const values: number[] = [];
    for (const match of matches) values.push((await novelty(match.run)).get(match.label.node_id)?.['nearest-neighbour'] ?? Number.NaN);
    byWeight.set(weight, values);
  }
  const chosen = new Map<string, number>();
  const heldOut = new Map<string, number>();
  for (const idea of new Set(matches.map((match) => ideaOf(match.run)))) {
    let best: { weight: number; rho: number } | undefined;
    for (const weight of weights) {
      const pairs = matches
        .map((match, index) => [byWeight.get(weight)![index]!, match.label.label, ideaOf(match.run)] as const)
        .filter(([value, , other]) => other !== idea && Number.isFinite(value));
      const rho = spearman(
        pairs.map(([value]) => value),
        pairs.map(([, label]) => label),
      );
      if (Number.isFinite(rho) && (best === undefined || rho > best.rho)) best = { weight, rho };
    }
    const weight = best?.weight ?? weights[0]!;
    chosen.set(idea, weight);
    matches.forEach((match, index) => {
      if (ideaOf(match.run) === idea) heldOut.set(`${match.run.id}\u0000${match.label.node_id}`, byWeight.get(weight)![index]!);
    });
  }
  const scorer: ValidationScorer = {
    id: options.id ?? 'nearest-neighbour (plan weight by leave-one-idea-out)',
    kind: 'metric',
    async scoreRun(run) {
      const scores = new Map<string, number>();
      for (const [key, value] of heldOut) if (key.startsWith(`${run.id}\u0000`)) scores.set(key.slice(run.id.length + 1), value);
      return scores;
    },
  };
  return { scorer, chosen };
}
