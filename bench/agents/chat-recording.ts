import { createHash } from 'node:crypto';
import { appendFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { BodenError, InvalidFieldError } from 'boden';
import { stableJson } from '../env/stable-json.js';
import { readJsonLinesFile } from '../support/json-lines-file.js';

/** A chat message as recorded: its role and text. */
export const ChatMessageSchema = z.strictObject({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

/** The model settings that shape an answer, part of every key. */
export const ChatSettingsSchema = z.strictObject({
  temperature: z.number().optional(),
  maxTokens: z.number().int().optional(),
  seed: z.number().int().optional(),
});

/**
 * One model exchange of a recording: what was asked (model, settings, messages), of which run and at which step,
 * and the answer verbatim. `key` is the sha256 of the model, the settings and the messages: a replay answers a
 * request whose key it holds, in the order the run asked it.
 */
export const ChatExchangeSchema = z.strictObject({
  /** The recording format. */
  format: z.literal('boden-chat-exchange/1'),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  run: z.string().min(1),
  /** 1-based request number within the run (repair requests included). */
  step: z.number().int().min(1),
  /** The operator the request served (draft, improve, debug, crossover), for people reading the file. */
  operator: z.string(),
  model: z.string(),
  settings: ChatSettingsSchema,
  messages: z.array(ChatMessageSchema).min(1),
  answer: z.string(),
});

/** One exchange of a recording: see `ChatExchangeSchema`. */
export type ChatExchange = z.infer<typeof ChatExchangeSchema>;
/** A request as the agent makes it: everything of an exchange but its key, format and answer. */
export type ChatRequest = Omit<ChatExchange, 'format' | 'key' | 'answer'>;

const recordingMissMarker = 'boden.error.recording-miss';
const recordingMissSymbol = Symbol.for(recordingMissMarker);

/** A replay was asked a request its recording does not hold: the run goes no further (never a silent fallback). */
export class RecordingMissError extends BodenError {
  private readonly [recordingMissSymbol] = true;
  /** The run and the request number. */
  readonly run: string;
  readonly step: number;

  constructor(options: { directory: string; run: string; step: number; operator: string; recordedSteps: number }) {
    const known =
      options.recordedSteps === 0
        ? 'the recording holds no request of this run'
        : `the recording holds ${options.recordedSteps} request(s) of this run; this one's prompt or settings differ from every recorded one (was the run started with other options, or has the bench's prompt changed?)`;
    super({
      name: 'BodenRecordingMissError',
      message: `${options.directory}: no recorded answer for run ${options.run}, request ${options.step} (${options.operator}): ${known}`,
    });
    this.run = options.run;
    this.step = options.step;
  }

  /** True when `error` is a `RecordingMissError`. */
  static override isInstance(error: unknown): error is RecordingMissError {
    return BodenError.hasMarker(error, recordingMissMarker);
  }
}

/** The key of a request: sha256 over the model, the settings and the messages (never the run or the step). */
export function chatRequestKey(request: Pick<ChatRequest, 'model' | 'settings' | 'messages'>): string {
  return createHash('sha256')
    .update(stableJson({ model: request.model, settings: request.settings, messages: request.messages }))
    .digest('hex');
}

/**
 * A directory of recorded model exchanges, one JSON-lines file per run (`<run>.jsonl`), so a sweep with a real model
 * can be shared and replayed by anyone with no network. `record`: every request is answered by the model and
 * appended (a request the directory already answers, e.g. when a failed run runs again, is answered from it, so a
 * resumed recording stays one recording). `replay`: every request is answered from the directory; one it lacks is a
 * `RecordingMissError` naming the run and the step.
 */
export interface ChatRecording {
  readonly mode: 'record' | 'replay';
  readonly directory: string;
  /** The models the recording's exchanges were made with (a replay asks as the first of them when none is named). */
  readonly models: ReadonlySet<string>;
  /** The answer to `request`: recorded (replay, or record when held), else `ask()`'s, which is then recorded. */
  answer(request: ChatRequest, ask: () => Promise<string>): Promise<string>;
}

/**
 * Opens a recording directory (created for `record`); every file's lines are checked, naming the file and line.
 * `match: 'order'` (replay only) answers a run's n-th request with its n-th recorded exchange whatever it asks: for a
 * recording made by another version of the prompts (the shared real-model runs), whose answers are still the model's
 * choices but whose prompts no longer match byte for byte.
 */
export async function openChatRecording(options: {
  readonly directory: string;
  readonly mode: 'record' | 'replay';
  readonly match?: 'key' | 'order';
}): Promise<ChatRecording> {
  const { directory, mode } = options;
  const byOrder = options.match === 'order';
  if (byOrder && mode === 'record')
    throw new InvalidFieldError({ file: directory, location: '$', reason: "match: 'order' replays a recording; it cannot record one" });
  if (mode === 'record') await mkdir(directory, { recursive: true });
  // Answers by key, in recorded order per run: the same prompt asked twice in a run gets its two answers in turn.
  const answers = new Map<string, string[]>();
  const recordedSteps = new Map<string, number>();
  const models = new Set<string>();
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    throw new InvalidFieldError({
      file: directory,
      location: '$',
      reason: error.code === 'ENOENT' ? 'no such recording directory' : `cannot read it (${error.code})`,
    });
  });
  for (const name of names.filter((file) => file.endsWith('.jsonl')).sort()) {
    const file = join(directory, name);
    for (const { line, value: exchange } of await readJsonLinesFile(file, ChatExchangeSchema)) {
      if (exchange.key !== chatRequestKey(exchange))
        throw new InvalidFieldError({
          file,
          location: `line ${line}: $.key`,
          reason: 'not the sha256 of its model, settings and messages (edited by hand?)',
        });
      const slot = byOrder ? `${exchange.run}\u0000#${exchange.step}` : `${exchange.run}\u0000${exchange.key}`;
      answers.set(slot, [...(answers.get(slot) ?? []), exchange.answer]);
      recordedSteps.set(exchange.run, (recordedSteps.get(exchange.run) ?? 0) + 1);
      models.add(exchange.model);
    }
  }
  const taken = new Map<string, number>();
  const recorded = (request: ChatRequest, key: string): string | undefined => {
    const slot = `${request.run}\u0000${key}`;
    const held = answers.get(slot);
    const next = taken.get(slot) ?? 0;
    if (held === undefined || next >= held.length) return undefined;
    taken.set(slot, next + 1);
    return held[next];
  };
  return {
    mode,
    directory,
    models,
    async answer(request, ask) {
      const key = chatRequestKey(request);
      const held = recorded(request, byOrder ? `#${request.step}` : key);
      if (held !== undefined) return held;
      if (mode === 'replay')
        throw new RecordingMissError({
          directory,
          run: request.run,
          step: request.step,
          operator: request.operator,
          recordedSteps: recordedSteps.get(request.run) ?? 0,
        });
      const answer = await ask();
      const exchange: ChatExchange = { format: 'boden-chat-exchange/1', key, ...request, answer };
      await appendFile(join(directory, `${fileSafe(request.run)}.jsonl`), `${JSON.stringify(exchange)}\n`);
      return answer;
    },
  };
}

/** A run key as a file name: letters, digits, `.`, `_` and `-` kept, anything else `_`. */
function fileSafe(run: string): string {
  return run.replace(/[^A-Za-z0-9._-]/g, '_');
}
