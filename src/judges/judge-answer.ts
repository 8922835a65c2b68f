import { z } from 'zod';
import { CreativityModeSchema, RubricLabelSchema } from './judge-verdict.js';

/**
 * What the model must answer, as given to `withStructuredOutput`: the paper's judge JSON (score, label, Boden
 * modes, rationale). Confidence and provenance are not asked for; the judge adds them.
 */
export const JudgeAnswerSchema = z
  .object({
    score: z.number().int().min(0).max(4).describe('0 Routine, 1 Combinational, 2 Exploratory, 3 C+E Hybrid, 4 Transformational'),
    label: RubricLabelSchema.describe("The score's rubric label"),
    modes: z.array(CreativityModeSchema).describe("Boden's modes the episode shows; empty for Routine"),
    rationale: z.string().min(1).describe('One or two sentences naming the evidence'),
  })
  .describe('A P-creativity verdict on the current episode');

/** A valid model answer. */
export type JudgeAnswer = z.infer<typeof JudgeAnswerSchema>;

// Frames of undici reading a response body: a SyntaxError thrown there is a truncated body, not a bad answer.
const bodyReadingFrames = /consumeBody|parseJSONFromBytes|fullyReadBody/;

/** The answer `parsed` holds, or why it is not a valid one. */
export function checkAnswer(parsed: unknown): { answer: JudgeAnswer } | { problem: string } {
  const result = JudgeAnswerSchema.safeParse(parsed);
  return result.success ? { answer: result.data } : { problem: formatIssues(result.error.issues) };
}

/**
 * Why the model's message `raw` holds no valid answer, for the repair request: reads its first tool call, an
 * invalid tool call, or its text content (JSON, possibly in a Markdown fence), whichever it has.
 */
export function describeInvalidAnswer(raw: unknown): string {
  const message = (raw ?? {}) as { tool_calls?: { args?: unknown }[]; invalid_tool_calls?: { error?: unknown }[]; content?: unknown };
  const toolCall = message.tool_calls?.[0];
  if (toolCall !== undefined) return problemOf(checkAnswer(toolCall.args));
  const invalidCall = message.invalid_tool_calls?.[0];
  if (invalidCall !== undefined) return 'the function arguments are not valid JSON';
  const text = typeof message.content === 'string' ? message.content.trim() : '';
  if (text === '') return 'the answer is empty: no JSON object and no function call';
  const unfenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text)?.[1] ?? text;
  try {
    return problemOf(checkAnswer(JSON.parse(unfenced)));
  } catch (error) {
    return `the answer is not valid JSON: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The validation problem behind an error the model call threw, or null when the error is no answer problem.
 * Clients that validate the answer themselves (`ChatOpenAI` in `jsonSchema` mode parses it inside the OpenAI SDK)
 * throw a `ZodError` or `SyntaxError` instead of returning the raw message; a `SyntaxError` thrown while reading
 * the HTTP body is a truncated response instead, retried like a connection error.
 */
export function answerProblemOf(error: unknown): string | null {
  if (error === null || typeof error !== 'object') return null;
  const { name, issues, message, stack } = error as { name?: unknown; issues?: unknown; message?: unknown; stack?: unknown };
  if ((name === 'ZodError' || name === '$ZodError') && Array.isArray(issues)) return formatIssues(issues as z.core.$ZodIssue[]);
  if (name === 'OutputParserException') return String(message).split('\n')[0] ?? 'the answer could not be parsed';
  if (error instanceof SyntaxError && !(typeof stack === 'string' && bodyReadingFrames.test(stack)))
    return `the answer is not valid JSON: ${error.message}`;
  return null;
}

function problemOf(result: { answer: JudgeAnswer } | { problem: string }): string {
  return 'problem' in result ? result.problem : 'the answer was valid but the client did not return it';
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`).join('; ');
}
