import type { Run } from '../episode/run.js';
import { createNoveltyPass, type NoveltyPass } from './novelty-pass.js';
import type { ValidationScorer } from './validation-scorer.js';
import type { RubricCrossValidation } from './cross-validate-rubric-judge.js';
import { decideRubricScore } from '../judges/rubric-decision.js';
import { rubricEvidenceOfRun } from './rubric-examples.js';
import { RubricJudge } from '../judges/rubric-judge.js';

/**
 * `boden validate`'s row for the rubric judge with its checked-in parameters: each run is scored by the default
 * novelty core, then every episode judged against the episodes before it. On the labels the parameters were fitted
 * on this is an in-sample number; `crossValidatedRubricJudgeScorer` gives the honest one.
 */
export function rubricJudgeValidationScorer(
  judge: RubricJudge = new RubricJudge(),
  noveltyPass: NoveltyPass = createNoveltyPass(),
): ValidationScorer {
  return {
    id: judge.id,
    kind: 'judge',
    async scoreRun(run: Run) {
      const novelty = await noveltyPass(run);
      const evidence = rubricEvidenceOfRun(run, { novelty, judge });
      return new Map([...evidence].map(([id, found]) => [id, decideRubricScore(found, judge.parameters).score]));
    },
  };
}

/**
 * `boden validate`'s row for the leave-one-run-out cross-validated rubric judge: the held-out scores of
 * `crossValidateRubricJudge` (each labelled episode scored by parameters fitted without its run), looked up by
 * episode id. Episodes without a held-out score are left out of the correlation.
 */
export function crossValidatedRubricJudgeScorer(
  crossValidation: RubricCrossValidation,
  id = 'rubric-v1 (leave-one-run-out)',
): ValidationScorer {
  const heldOut = new Map(crossValidation.heldOut.map((scored) => [scored.episodeId, scored.score]));
  return {
    id,
    kind: 'judge',
    async scoreRun(run: Run) {
      const scores = new Map<string, number>();
      for (const episode of run.episodes) {
        const score = heldOut.get(episode.id);
        if (score !== undefined) scores.set(episode.id, score);
      }
      return scores;
    },
  };
}
