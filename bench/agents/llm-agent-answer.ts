import { z } from 'zod';
import { InvalidOptionsError } from 'boden';
import { parsePipelineConfig } from '../env/canonical-config.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { familiesFor } from '../env/pipeline-space.js';
import type { TaskKind } from '../tasks/dataset.js';
import { familiesOf } from './pipeline-moves.js';

/** What the model must answer: a plan and a pipeline (`PipelineConfigInput`, checked by `parsePipelineConfig`). */
export const LlmAgentAnswerSchema = z.object({
  plan: z.string().trim().min(1),
  config: z.looseObject({}),
});

/** A valid answer: the plan and the parsed pipeline, defaults filled in. */
export interface LlmAgentAnswer {
  readonly plan: string;
  readonly config: PipelineConfig;
}

/**
 * The answer in a model's reply text, or why there is none: the text must be a JSON object (possibly after a
 * reasoning model's `<think>` block or inside a Markdown fence) with a plan and a config that
 * `parsePipelineConfig` accepts and whose model families all fit a task of `kind` (no dummy baseline).
 */
export function checkLlmAgentAnswer(text: string, kind: TaskKind): { answer: LlmAgentAnswer } | { problem: string } {
  let value: unknown;
  try {
    value = parseJsonObject(text);
  } catch (error) {
    return { problem: `the answer is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const shape = LlmAgentAnswerSchema.safeParse(value);
  if (!shape.success)
    return { problem: shape.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`).join('; ') };
  let config: PipelineConfig;
  try {
    config = parsePipelineConfig(shape.data.config);
  } catch (error) {
    if (!InvalidOptionsError.isInstance(error)) throw error;
    return { problem: error.issues.map((issue) => `${issue.path ? `config.${issue.path}` : 'config'}: ${issue.message}`).join('; ') };
  }
  const allowed = familiesFor(kind);
  const unfit = config.model.family === 'dummy' ? ['dummy'] : familiesOf(config).filter((family) => !allowed.includes(family));
  if (unfit.length > 0) {
    return {
      problem: `config.model.family: ${unfit.join(', ')} cannot be used for a ${kind} task; use ${allowed.join(', ')} or an ensemble of them`,
    };
  }
  return { answer: { plan: shape.data.plan, config } };
}

/** The text of a LangChain message's content (a string, or the text parts of a content array). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) =>
      typeof part === 'string'
        ? part
        : part !== null && typeof part === 'object' && (part as { type?: unknown }).type === 'text'
          ? String((part as { text?: unknown }).text ?? '')
          : '',
    )
    .join('');
}

function parseJsonObject(text: string): unknown {
  const visible = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  if (visible === '') throw new Error('the answer is empty');
  const unfenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(visible)?.[1] ?? visible;
  try {
    return JSON.parse(unfenced);
  } catch (error) {
    // Prose around one object: try the outermost braces before giving up with the first error.
    const start = unfenced.indexOf('{');
    const end = unfenced.lastIndexOf('}');
    if (start < 0 || end <= start || (start === 0 && end === unfenced.length - 1)) throw error;
    try {
      return JSON.parse(unfenced.slice(start, end + 1));
    } catch {
      throw error;
    }
  }
}
