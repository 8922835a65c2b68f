import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { readProgramOutcomes } from './program-outcome-memo.js';
import { packingTaskName } from '../packing/packing-task-card.js';
import { openChatRecording, type ChatExchange } from '../agents/chat-recording.js';
import { codeRunBehaviour, pipelineRunBehaviour, shareOf, type RecordedBehaviour } from './recorded-behaviour.js';
import { isSharedProbe, readSharedRunExchanges } from '../agents/shared-run-exchanges.js';

const percent = (count: number, total: number) => {
  const share = shareOf(count, total);
  return share === null ? '—' : `${(100 * share).toFixed(0)}% (${count}/${total})`;
};

/** One table row per run: requests, bug rate, debug success, paradigm switches, directive compliance. */
function table(rows: readonly RecordedBehaviour[]): string {
  const lines = [
    '| run | requests | bug rate | debug success | paradigm switches / improvements | directive compliance |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.run} | ${row.requests} | ${percent(row.buggy, row.scored)} | ${percent(row.debugFixes, row.debugAttempts)} | ${percent(row.paradigmSwitches, row.improvements)} | ${percent(row.complied, row.directed)} |`,
    );
  }
  return lines.join('\n');
}

/** Pooled over runs: the rates a simulated profile (`--compliance`, `--bug-rate`, `--debug-success`) can be set from. */
function pooled(rows: readonly RecordedBehaviour[]): string {
  const sum = (key: keyof Omit<RecordedBehaviour, 'run'>) => rows.reduce((total, row) => total + row[key], 0);
  const compliance = shareOf(sum('complied'), sum('directed'));
  const bugRate = shareOf(sum('buggy'), sum('scored'));
  const debugSuccess = shareOf(sum('debugFixes'), sum('debugAttempts'));
  const flags = [
    compliance === null ? '' : `--compliance ${compliance.toFixed(2)}`,
    bugRate === null ? '' : `--bug-rate ${bugRate.toFixed(2)}`,
    debugSuccess === null ? '' : `--debug-success ${debugSuccess.toFixed(2)}`,
  ].filter((flag) => flag !== '');
  return `Pooled over ${rows.length} run(s): bug rate ${percent(sum('buggy'), sum('scored'))}, debug success ${percent(sum('debugFixes'), sum('debugAttempts'))}, directive compliance ${percent(sum('complied'), sum('directed'))}.${flags.length === 0 ? '' : ` As the simulated agent's settings: \`${flags.join(' ')}\`.`}`;
}

/**
 * The behaviour of recorded runs (issue #33, part 7), as Markdown: each code recording directory (`--record`:
 * `exchanges/` and `outcomes.jsonl`) run by run, and the shared real-model runs of the pipeline-choosing agent
 * (`llmRuns`, e.g. `../shared/data/llm-runs`: `*.exchanges.jsonl` with their `*.run.jsonl`), so a real model's
 * recording, not a guess, can set the simulated agent's compliance, bug rate and debug success.
 */
export async function recordedBehaviourReport(options: {
  readonly recordings: readonly string[];
  readonly llmRuns?: string;
}): Promise<string> {
  const parts: string[] = [];
  for (const directory of options.recordings) {
    const recording = join(directory, 'exchanges');
    if (!existsSync(recording)) {
      parts.push(`${directory}: no \`exchanges/\` folder: not a recording made by \`boden bench --agent code --record\`.`);
      continue;
    }
    await openChatRecording({ directory: recording, mode: 'replay' });
    const outcomes = await readProgramOutcomes(join(directory, 'outcomes.jsonl'));
    const rows: RecordedBehaviour[] = [];
    for (const name of (await readdir(recording)).filter((file) => file.endsWith('.jsonl')).sort()) {
      const exchanges = await readExchanges(join(recording, name));
      const run = exchanges[0]?.run ?? basename(name, '.jsonl');
      rows.push(codeRunBehaviour(run, exchanges, outcomes, run.startsWith(`${packingTaskName}.`) ? 'packing' : 'tabular'));
    }
    parts.push(`## Recording ${directory}\n\n${table(rows)}\n\n${pooled(rows)}`);
  }
  if (options.llmRuns !== undefined && existsSync(options.llmRuns)) {
    const rows: RecordedBehaviour[] = [];
    for (const name of (await readdir(options.llmRuns)).filter((file) => file.endsWith('.exchanges.jsonl')).sort()) {
      const run = name.replace(/\.exchanges\.jsonl$/, '');
      const exchanges = await readSharedRunExchanges(join(options.llmRuns, name), run, 'relay');
      const independentRequests = await isSharedProbe(join(options.llmRuns, name));
      rows.push(
        pipelineRunBehaviour(run, exchanges, { scores: await runScores(join(options.llmRuns, `${run}.run.jsonl`)), independentRequests }),
      );
    }
    parts.push(`## Real-model runs of the pipeline agent (${options.llmRuns})\n\n${table(rows)}\n\n${pooled(rows)}`);
  }
  return parts.join('\n\n');
}

/** A recording file's exchanges (already checked by `openChatRecording`). */
async function readExchanges(file: string): Promise<ChatExchange[]> {
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as ChatExchange];
      } catch {
        return [];
      }
    });
}

/** Scores by request number from a shared run's record (`*.run.jsonl`: one request per episode); none without one. */
async function runScores(file: string): Promise<Map<number, number | null>> {
  const scores = new Map<number, number | null>();
  if (!existsSync(file)) return scores;
  const record = JSON.parse((await readFile(file, 'utf8')).split('\n')[0]!) as { episodes: { index: number; score: number | null }[] };
  for (const episode of record.episodes) scores.set(episode.index + 1, episode.score);
  return scores;
}
