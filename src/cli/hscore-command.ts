import { Command } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import type { Corpus } from '../corpus/corpus.js';
import { createHCreativityScorer, scoreRunHCreativity, type HCreativityScore } from '../corpus/h-creativity-scorer.js';
import { scoreMedalTiers, type MedalTierScore } from '../corpus/medal-tier-calibration.js';
import { nearestHumanNeighbourTimeline, type NeighbourTimeline } from '../corpus/neighbour-timeline.js';
import { openCorpus } from '../corpus/open-corpus.js';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import type { Run } from '../episode/run.js';
import { wholeNumberOption } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';
import { loadRuns } from './load-runs.js';
import { createProgress } from './progress.js';
import { formatNumber, formatTextTable } from './text-table.js';

interface HScoreCommandOptions {
  corpus: string;
  crossTask?: string;
  k: number;
  dimensions?: number;
  json?: boolean;
  quiet?: boolean;
}

/** A run's H scores against the corpus and, with `--cross-task`, against the unrelated task's corpus. */
interface ScoredRun {
  readonly run: Run;
  readonly scores: readonly HCreativityScore[];
  readonly cross: readonly HCreativityScore[] | null;
}

/**
 * `boden hscore --corpus <dir> <trajectories...>`: every episode's H-creativity against a corpus of the task, with
 * the paper's calibrations: the same episodes against an unrelated task's corpus (`--cross-task`, the ceiling), the
 * corpus's medal-tier solutions scored leave-one-out (when its records carry `medal`), and where the episodes'
 * nearest human solutions sit on the corpus timeline (when they carry `timestamp`).
 */
export function hscoreCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  return new Command('hscore')
    .description(commandDescriptions.hscore)
    .argument('<trajectories...>', 'trajectory files or directories')
    .requiredOption('--corpus <dir>', 'a corpus directory built by `boden corpus build`')
    .option('--cross-task <dir>', 'also score the episodes against this corpus of an unrelated task (the ceiling H)')
    .addOption(wholeNumberOption('--k <n>', 'how many nearest corpus solutions the judge sees', { minimum: 1, defaultValue: 10 }))
    .addOption(
      wholeNumberOption('--dimensions <n>', "dimensions of the hashing embedder the corpus was built with (default: its manifest's)", {
        minimum: 8,
        maximum: 65_536,
      }),
    )
    .option('--json', 'print JSON lines (one per episode, one per run, then one calibration line) instead of tables')
    .option('--quiet', 'no progress on stderr')
    .action(async (paths: string[], options: HScoreCommandOptions) => {
      let corpus: Corpus;
      let crossCorpus: Corpus | null = null;
      try {
        corpus = await openCorpus(
          options.corpus,
          options.dimensions === undefined ? {} : { embedder: new HashingEmbedder({ dimensions: options.dimensions }) },
        );
        // The same embedder and summarizer on both sides, so the ceiling is on the same scale.
        if (options.crossTask !== undefined)
          crossCorpus = await openCorpus(options.crossTask, { embedder: corpus.embedder, summarizer: corpus.summarizer });
      } catch (error) {
        io.stderr.write(`boden hscore: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      if (crossCorpus !== null && crossCorpus.task === corpus.task) {
        io.stderr.write(`boden hscore: warning: the --cross-task corpus is of the same task (${corpus.task}), so it is no ceiling\n`);
      }
      const scorer = createHCreativityScorer({ corpus, k: options.k });
      const crossScorer = crossCorpus === null ? null : createHCreativityScorer({ corpus: crossCorpus, k: options.k });
      const progress = createProgress({ quiet: options.quiet === true, stream: io.stderr });
      const { runs, failures } = await loadRuns(paths, { progress });
      const scored: ScoredRun[] = [];
      for (const [position, run] of runs.entries()) {
        progress.update(`scoring ${position + 1}/${runs.length}: ${run.id}`);
        const scores = await scoreRunHCreativity(run, scorer);
        const cross = crossScorer === null ? null : await scoreRunHCreativity(run, crossScorer);
        progress.end();
        const result = { run, scores, cross };
        scored.push(result);
        io.stdout.write(options.json ? jsonLines(result) : `${runTable(result, corpus, crossCorpus)}\n\n`);
      }
      progress.update("medal tiers: scoring the corpus's medal solutions leave-one-out");
      const medalTiers = await scoreMedalTiers(corpus, scorer);
      progress.end();
      const timeline = nearestHumanNeighbourTimeline(
        corpus,
        scored.flatMap((result) => result.scores),
      );
      if (options.json) {
        io.stdout.write(`${JSON.stringify(calibrationLine(scored, corpus, crossCorpus, medalTiers, timeline))}\n`);
      } else {
        const tables = [
          crossCorpus !== null && scored.length > 0 ? crossTaskTable(scored, crossCorpus) : null,
          medalTiers.length > 0 ? medalTable(medalTiers, scored, corpus) : null,
          timeline === null ? null : timelineTable(timeline, options.k),
        ].filter((table): table is string => table !== null);
        for (const table of tables) io.stdout.write(`${table}\n\n`);
      }
      for (const failure of failures) io.stderr.write(`boden hscore: ${failure.message}\n`);
      if (!options.json) {
        const bad = failures.length === 0 ? '' : `, ${failures.length} could not be read`;
        io.stderr.write(`scored ${runs.length} run(s) against ${corpus.size} corpus solution(s)${bad}\n`);
      }
      setExitCode(failures.length > 0 ? ExitCode.usageOrInputError : ExitCode.ok);
    });
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function meanH(scores: readonly HCreativityScore[]): number | null {
  return mean(scores.map((score) => score.score));
}

function meanDistance(scores: readonly HCreativityScore[]): number | null {
  return mean(scores.map((score) => score.distance));
}

function describeCorpus(corpus: Corpus): string {
  return `corpus ${corpus.directory} (task ${corpus.task}, ${corpus.size} solution(s))`;
}

function jsonLines({ run, scores, cross }: ScoredRun): string {
  const episodes = scores.map((score, position) => {
    const episode = run.episodes[position]!;
    const crossScore = cross?.[position];
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
      ...(crossScore === undefined
        ? {}
        : { crossTask: { h: crossScore.score, distance: crossScore.distance, nearest: crossScore.neighbours[0] ?? null } }),
    };
  });
  const summary = {
    type: 'run',
    run: run.id,
    episodes: scores.length,
    meanH: meanH(scores),
    meanDistance: meanDistance(scores),
    ...(cross === null ? {} : { crossTask: { meanH: meanH(cross), meanDistance: meanDistance(cross) } }),
  };
  return [...episodes, summary].map((line) => `${JSON.stringify(line)}\n`).join('');
}

function calibrationLine(
  scored: readonly ScoredRun[],
  corpus: Corpus,
  crossCorpus: Corpus | null,
  medalTiers: readonly MedalTierScore[],
  timeline: NeighbourTimeline | null,
): Record<string, unknown> {
  const all = scored.flatMap((result) => result.scores);
  const describe = (target: Corpus) => ({ directory: target.directory, task: target.task, solutions: target.size });
  return {
    type: 'calibration',
    corpus: describe(corpus),
    episodes: { count: all.length, meanH: meanH(all), meanDistance: meanDistance(all) },
    crossTask:
      crossCorpus === null
        ? null
        : {
            ...describe(crossCorpus),
            meanH: meanH(scored.flatMap((result) => result.cross ?? [])),
            meanDistance: meanDistance(scored.flatMap((result) => result.cross ?? [])),
          },
    medalTiers,
    timeline,
  };
}

function runTable({ run, scores, cross }: ScoredRun, corpus: Corpus, crossCorpus: Corpus | null): string {
  const header = [`run ${run.id}  (${run.source.format}: ${run.source.path}) against ${describeCorpus(corpus)}`];
  if (crossCorpus !== null) header.push(`cross-task ceiling: ${describeCorpus(crossCorpus)}`);
  if (scores.length === 0) return [...header, '(no episodes)'].join('\n');
  const columns = [
    { header: '#', alignRight: true },
    { header: 'node' },
    { header: 'H', alignRight: true },
    ...(cross === null ? [] : [{ header: 'H cross-task', alignRight: true }]),
    { header: 'distance', alignRight: true },
    ...(cross === null ? [] : [{ header: 'distance cross-task', alignRight: true }]),
    { header: 'nearest' },
    { header: 'similarity', alignRight: true },
  ];
  const rows = scores.map((score, position) => {
    const episode = run.episodes[position]!;
    const nearest = score.neighbours[0];
    const crossScore = cross?.[position];
    return [
      String(episode.index),
      episode.id,
      String(score.score),
      ...(crossScore === undefined ? [] : [String(crossScore.score)]),
      formatNumber(score.distance),
      ...(crossScore === undefined ? [] : [formatNumber(crossScore.distance)]),
      nearest?.id ?? '-',
      formatNumber(nearest?.similarity),
    ];
  });
  const footer = [`mean H ${formatNumber(meanH(scores))}, mean distance ${formatNumber(meanDistance(scores))}`];
  if (cross !== null)
    footer.push(`cross-task ceiling: mean H ${formatNumber(meanH(cross))}, mean distance ${formatNumber(meanDistance(cross))}`);
  return [...header, formatTextTable(columns, rows), footer.join('; ')].join('\n');
}

function crossTaskTable(scored: readonly ScoredRun[], crossCorpus: Corpus): string {
  const columns = [
    { header: 'run' },
    { header: 'episodes', alignRight: true },
    { header: 'mean H', alignRight: true },
    { header: 'ceiling H', alignRight: true },
    { header: 'mean distance', alignRight: true },
    { header: 'ceiling distance', alignRight: true },
  ];
  const row = (name: string, scores: readonly HCreativityScore[], cross: readonly HCreativityScore[]) => [
    name,
    String(scores.length),
    formatNumber(meanH(scores)),
    formatNumber(meanH(cross)),
    formatNumber(meanDistance(scores)),
    formatNumber(meanDistance(cross)),
  ];
  const rows = scored.map((result) => row(result.run.id, result.scores, result.cross ?? []));
  if (scored.length > 1)
    rows.push(
      row(
        'all runs',
        scored.flatMap((result) => result.scores),
        scored.flatMap((result) => result.cross ?? []),
      ),
    );
  return [
    `cross-task calibration: the same episodes against ${describeCorpus(crossCorpus)}, an unrelated task (the ceiling)`,
    formatTextTable(columns, rows),
  ].join('\n');
}

function medalTable(tiers: readonly MedalTierScore[], scored: readonly ScoredRun[], corpus: Corpus): string {
  const columns = [
    { header: 'solutions' },
    { header: 'count', alignRight: true },
    { header: 'mean H', alignRight: true },
    { header: 'mean distance', alignRight: true },
  ];
  const rows = tiers.map((tier) => [
    `${tier.medal} medal`,
    String(tier.solutions),
    formatNumber(tier.meanH),
    formatNumber(tier.meanDistance),
  ]);
  const episodes = scored.flatMap((result) => result.scores);
  if (episodes.length > 0)
    rows.push(['agent episodes (above)', String(episodes.length), formatNumber(meanH(episodes)), formatNumber(meanDistance(episodes))]);
  return [
    `medal-tier calibration: each medal solution of ${describeCorpus(corpus)} scored against the rest of it (leave-one-out)`,
    formatTextTable(columns, rows),
  ].join('\n');
}

function timelineTable(timeline: NeighbourTimeline, k: number): string {
  const columns = [
    { header: 'quartile' },
    { header: 'from' },
    { header: 'to' },
    { header: 'solutions', alignRight: true },
    { header: 'episodes', alignRight: true },
    { header: 'share', alignRight: true },
  ];
  const names = ['Q1 (oldest)', 'Q2', 'Q3', 'Q4 (newest)'];
  const rows = timeline.quartiles.map((quartile) => [
    names[quartile.quartile - 1]!,
    quartile.from ?? '-',
    quartile.to ?? '-',
    String(quartile.solutions),
    String(quartile.episodes),
    formatNumber(quartile.share),
  ]);
  const notes = [`${timeline.placed} of ${timeline.episodes} episode(s) placed`];
  if (timeline.undated > 0) notes.push(`${timeline.undated} whose nearest human solution has no timestamp`);
  if (timeline.withoutHumanNeighbour > 0) notes.push(`${timeline.withoutHumanNeighbour} without a human solution among their ${k} nearest`);
  return [
    `nearest human neighbour on the corpus timeline (${timeline.datedSolutions} dated human solution(s) in quartiles): ${notes.join('; ')}`,
    formatTextTable(columns, rows),
  ].join('\n');
}
