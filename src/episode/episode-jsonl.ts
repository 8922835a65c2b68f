import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { EmptyTrajectoryError } from '../errors/empty-trajectory-error.js';
import { InvalidFieldError } from '../errors/invalid-field-error.js';
import { InvalidJsonError } from '../errors/invalid-json-error.js';
import { EpisodeSchema } from './episode.js';
import { InfeasibleAttemptSchema } from './infeasible-attempt.js';
import { RunHeaderSchema, type Run } from './run.js';
import { stripBom } from '../text/strip-bom.js';

/** Version of boden's episode JSON-lines format; a reader refuses newer versions. */
export const episodeJsonlVersion = 1;

/** A run's header line; `usefulness` carries what `boden score` computed for the run. */
export const RunRecordSchema = RunHeaderSchema.extend({
  type: z.literal('run'),
  version: z.literal(episodeJsonlVersion),
  usefulness: z.record(z.string(), z.unknown()).optional(),
  /** The judge `boden score --judge` ran: its id, escalations and LLM usage. */
  judge: z.record(z.string(), z.unknown()).optional(),
  /** The run's quality-diversity as `boden score` measured it: descriptor axes, coverage and QD-score. */
  qualityDiversity: z.record(z.string(), z.unknown()).optional(),
});

/** An episode line; `scores` carries the metrics and judges `boden score` computed for it. */
export const EpisodeRecordSchema = EpisodeSchema.extend({
  type: z.literal('episode'),
  scores: z.record(z.string(), z.number().nullable()).optional(),
});

/** An infeasible attempt's line. */
export const AttemptRecordSchema = InfeasibleAttemptSchema.extend({ type: z.literal('attempt') });

/** Any line of the format, told apart by `type`. */
export const EpisodeJsonlRecordSchema = z.discriminatedUnion('type', [RunRecordSchema, EpisodeRecordSchema, AttemptRecordSchema]);

/** Any line of boden's episode JSON-lines format. */
export type EpisodeJsonlRecord = z.infer<typeof EpisodeJsonlRecordSchema>;

/** Extras `boden score` attaches when it writes a run. */
export interface RunScores {
  readonly usefulness?: Record<string, unknown>;
  readonly judge?: Record<string, unknown>;
  readonly qualityDiversity?: Record<string, unknown>;
  /** Scores per episode id. */
  readonly episodes?: ReadonlyMap<string, Record<string, number | null>>;
}

/**
 * Writes a run as JSON lines: a `run` header, then one `episode` line per episode and one `attempt` line per
 * infeasible attempt. `readEpisodesJsonl` reads it back into equal runs.
 */
export function* runToJsonLines(run: Run, scores: RunScores = {}): Generator<string> {
  const { episodes, infeasibleAttempts, ...header } = run;
  yield JSON.stringify({
    type: 'run',
    version: episodeJsonlVersion,
    ...header,
    ...(scores.usefulness ? { usefulness: scores.usefulness } : {}),
    ...(scores.judge ? { judge: scores.judge } : {}),
    ...(scores.qualityDiversity ? { qualityDiversity: scores.qualityDiversity } : {}),
  });
  for (const episode of episodes) {
    const episodeScores = scores.episodes?.get(episode.id);
    yield JSON.stringify({ type: 'episode', ...episode, ...(episodeScores ? { scores: episodeScores } : {}) });
  }
  for (const attempt of infeasibleAttempts) yield JSON.stringify({ type: 'attempt', ...attempt });
}

/** A run read back from JSON lines, with whatever scores were stored beside it. */
export interface StoredRun {
  readonly run: Run;
  readonly usefulness: Record<string, unknown> | undefined;
  readonly scores: Map<string, Record<string, number | null>>;
}

/** Reads boden's episode JSON lines line by line; errors name the file, the line and the field. */
export async function readEpisodesJsonl(file: string): Promise<StoredRun[]> {
  const runs: { run: Run; usefulness: Record<string, unknown> | undefined; scores: Map<string, Record<string, number | null>> }[] = [];
  let lineNumber = 0;
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const location = `line ${lineNumber}`;
    let value: unknown;
    try {
      value = JSON.parse(stripBom(line));
    } catch (error) {
      throw new InvalidJsonError({ file, location, reason: `invalid JSON: ${(error as Error).message}`, cause: error });
    }
    const parsed = EpisodeJsonlRecordSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
      throw new InvalidFieldError({ file, location: `${location}${path}`, reason: issue.message, cause: parsed.error });
    }
    const record = parsed.data;
    if (record.type === 'run') {
      const { type: _type, version: _version, usefulness, judge: _judge, ...header } = record;
      runs.push({ run: { ...header, episodes: [], infeasibleAttempts: [] }, usefulness, scores: new Map() });
      continue;
    }
    const current = runs[runs.length - 1];
    if (current === undefined || current.run.id !== record.runId) {
      throw new InvalidFieldError({
        file,
        location: `${location}.runId`,
        reason: `a ${record.type} of run "${record.runId}" must follow that run's header line`,
      });
    }
    if (record.type === 'episode') {
      const { type: _type, scores, ...episode } = record;
      current.run.episodes.push(episode);
      if (scores) current.scores.set(episode.id, scores);
    } else {
      const { type: _type, ...attempt } = record;
      current.run.infeasibleAttempts.push(attempt);
    }
  }
  if (runs.length === 0) throw new EmptyTrajectoryError({ file, location: null, reason: 'no run header line' });
  return runs;
}
