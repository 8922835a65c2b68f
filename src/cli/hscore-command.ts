import { Command } from 'commander';
import { openCorpus } from '../corpus/open-corpus.js';
import { createHCreativityScorer, scoreRunHCreativity, type HCreativityScore } from '../corpus/h-creativity-scorer.js';
import type { Corpus } from '../corpus/corpus.js';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import type { Run } from '../episode/run.js';
import { ExitCode } from './exit-code.js';
import { describeFailure, loadRuns } from './load-runs.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface HScoreCommandOptions {
  corpus: string;
  k: string;
  dimensions: string;
  json?: boolean;
  quiet?: boolean;
}

/** `boden hscore --corpus <dir> <trajectories...>`: every episode's H-creativity against a corpus of the task. */
export function hscoreCommand(setExitCode: (code: ExitCode) => void): Command {
  return new Command('hscore')
    .description('score every episode\'s H-creativity: the rubric judge (0-4) against its k nearest corpus solutions, and its distance to the corpus')
    .argument('<trajectories...>', 'trajectory files or directories')
    .requiredOption('--corpus <dir>', 'a corpus directory built by `boden corpus build`')
    .option('--k <n>', 'how many nearest corpus solutions the judge sees', '10')
    .option('--dimensions <n>', 'dimensions of the hashing embedder the corpus was built with', '512')
    .option('--json', 'print JSON lines (one per episode, then one per run) instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (paths: string[], options: HScoreCommandOptions) => {
      const k = Number(options.k);
      if (!Number.isInteger(k) || k < 1) {
        process.stderr.write('boden hscore: --k takes a whole number ≥ 1\n');
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      let corpus: Corpus;
      try {
        corpus = await openCorpus(options.corpus, { embedder: new HashingEmbedder({ dimensions: Number(options.dimensions) }) });
      } catch (error) {
        process.stderr.write(`boden hscore: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      const scorer = createHCreativityScorer({ corpus, k });
      const progress = createProgress({ quiet: options.quiet === true });
      const { runs, failures } = await loadRuns(paths, { progress });
      for (const [position, run] of runs.entries()) {
        progress.update(`scoring ${position + 1}/${runs.length}: ${run.id}`);
        const scores = await scoreRunHCreativity(run, scorer);
        progress.end();
        process.stdout.write(options.json ? jsonLines(run, scores) : `${table(run, scores, corpus)}\n\n`);
      }
      for (const failure of failures) process.stderr.write(`boden hscore: ${failure.message}\n`);
      if (!options.json) {
        const bad = failures.length === 0 ? '' : `, ${failures.length} could not be read`;
        process.stderr.write(`scored ${runs.length} run(s) against ${corpus.size} corpus solution(s)${bad}\n`);
      }
      setExitCode(failures.length > 0 ? ExitCode.usageOrInputError : ExitCode.ok);
    });
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function jsonLines(run: Run, scores: readonly HCreativityScore[]): string {
  const episodes = scores.map((score, position) => {
    const episode = run.episodes[position]!;
    return {
      type: 'episode',
      run: run.id,
      index: episode.index,
      node: episode.id,
      h: score.score,
      label: score.verdict.label,
      distance: score.distance,
      neighbours: score.neighbours,
      rationale: score.rationale,
      judge: score.verdict.judge,
    };
  });
  const summary = {
    type: 'run',
    run: run.id,
    episodes: scores.length,
    meanH: mean(scores.map((score) => score.score)),
    meanDistance: mean(scores.map((score) => score.distance)),
  };
  return [...episodes, summary].map((line) => `${JSON.stringify(line)}\n`).join('');
}

function table(run: Run, scores: readonly HCreativityScore[], corpus: Corpus): string {
  const header = `run ${run.id}  (${run.source.format}: ${run.source.path}) against corpus ${corpus.directory} (task ${corpus.task}, ${corpus.size} solution(s))`;
  if (scores.length === 0) return [header, '(no episodes)'].join('\n');
  const columns = [
    { header: '#', alignRight: true },
    { header: 'node' },
    { header: 'H', alignRight: true },
    { header: 'distance', alignRight: true },
    { header: 'nearest' },
    { header: 'similarity', alignRight: true },
  ];
  const rows = scores.map((score, position) => {
    const episode = run.episodes[position]!;
    const nearest = score.neighbours[0];
    return [String(episode.index), episode.id, String(score.score), formatNumber(score.distance), nearest?.id ?? '-', formatNumber(nearest?.similarity)];
  });
  const footer = `mean H ${formatNumber(mean(scores.map((score) => score.score)))}, mean distance ${formatNumber(mean(scores.map((score) => score.distance)))}`;
  return [header, formatTextTable(columns, rows), footer].join('\n');
}
