import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InvalidFieldError } from 'boden';
import { chatRequestKey, type ChatExchange } from './chat-recording.js';

/** One line of a shared real-model run's `*.exchanges.jsonl` (`../shared/data/llm-runs`): the request number, the messages sent, the answer. */
const SharedExchangeSchema = z.object({
  request: z.number().int().min(1),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).min(1),
  answer: z.string(),
});

/**
 * A shared real-model run's exchanges as a chat recording of run `run` (by model `model`): each line becomes an
 * exchange with its request number as the step and the operator its prompt's instructions name. Replay it with
 * `match: 'order'`: its prompts were made by an earlier version of the bench's, so only the order of the model's
 * answers carries over.
 */
export async function readSharedRunExchanges(file: string, run: string, model: string): Promise<ChatExchange[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  return lines.map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new InvalidFieldError({ file, location: `line ${index + 1}`, reason: 'not JSON' });
    }
    const parsed = SharedExchangeSchema.safeParse(value);
    if (!parsed.success)
      throw new InvalidFieldError({
        file,
        location: `line ${index + 1}: $.${parsed.error.issues[0]!.path.map(String).join('.')}`,
        reason: parsed.error.issues[0]!.message,
      });
    const { request, messages, answer } = parsed.data;
    const last = messages.at(-1)!.content;
    const operator = /^## Instructions: (draft|improve|debug|crossover)\b/m.exec(last)?.[1] ?? 'repair';
    const exchange = { run, step: request, operator, model, settings: {}, messages };
    return { format: 'boden-chat-exchange/1', key: chatRequestKey(exchange), ...exchange, answer };
  });
}

/** True when a shared exchanges file is a probe: requests taken from several points of a run (`from_request_of_run`), each answered alone. */
export async function isSharedProbe(file: string): Promise<boolean> {
  const first = (await readFile(file, 'utf8')).split('\n')[0] ?? '';
  try {
    return (JSON.parse(first) as { from_request_of_run?: unknown }).from_request_of_run !== undefined;
  } catch {
    return false;
  }
}
