import { z } from 'zod';

/** The rubric's labels by score (after Boden; `shared/data/labels/RUBRIC.md`). */
export const rubricLabels = ['Routine', 'Combinational', 'Exploratory', 'C+E Hybrid', 'Transformational'] as const;

/** Boden's modes of creativity an episode can show. */
export const CreativityModeSchema = z.enum(['combinational', 'exploratory', 'transformational']);

/** A rubric label: see `rubricLabels`. */
export const RubricLabelSchema = z.enum(rubricLabels);

/**
 * What a judge says of one episode: the paper's judge JSON (score 0-4, label, Boden modes, rationale) plus how
 * sure the judge is and which judge produced it.
 */
export const JudgeVerdictSchema = z.object({
  /** 0 Routine, 1 Combinational, 2 Exploratory, 3 C+E Hybrid, 4 Transformational. */
  score: z.number().int().min(0).max(4),
  label: RubricLabelSchema,
  modes: z.array(CreativityModeSchema),
  /** One or two sentences naming the evidence. */
  rationale: z.string(),
  /** How sure the judge is, in [0, 1]; an escalating judge asks the LLM below a threshold. */
  confidence: z.number().min(0).max(1),
  /** Which judge produced the verdict, e.g. `rubric-v1` or `llm/gpt-5`. */
  judge: z.string().min(1),
  /** Set when the verdict is a fallback: the judge that failed and why. */
  fallback: z.object({ from: z.string(), reason: z.string() }).optional(),
});

/** A judge's verdict: see `JudgeVerdictSchema`. */
export type JudgeVerdict = z.infer<typeof JudgeVerdictSchema>;
/** A Boden mode. */
export type CreativityMode = z.infer<typeof CreativityModeSchema>;
/** A rubric label. */
export type RubricLabel = z.infer<typeof RubricLabelSchema>;

/** The label of a rubric score (0-4). */
export function rubricLabel(score: number): RubricLabel {
  return rubricLabels[Math.max(0, Math.min(4, Math.round(score)))]!;
}
