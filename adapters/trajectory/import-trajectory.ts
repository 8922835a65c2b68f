import type { Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readEpisodesJsonl } from '../../src/episode/episode-jsonl.js';
import type { Run } from '../../src/episode/run.js';
import type { TrajectoryFormat } from '../../src/episode/trajectory-format.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { importAiScientistV2Journal } from './ai-scientist-v2-importer.js';
import { importAideJournal } from './aide-journal-importer.js';
import { importAiraDojoJournal } from './aira-dojo-importer.js';
import { detectTrajectoryFormat } from './detect-trajectory-format.js';
import type { ImportOptions } from './import-options.js';
import { importOpenEvolveCheckpoint, isOpenEvolveCheckpoint } from './openevolve-importer.js';
import { importShinkaSqlite } from './shinka-sqlite-importer.js';
import { importOpenEvolveTrace } from './openevolve-trace-importer.js';

/** Options of `importTrajectory`: the format (detected when absent) and the importers' options. */
export interface ImportTrajectoryOptions extends ImportOptions {
  readonly format?: TrajectoryFormat;
}

/** Formats with one metric, which `metricName` can only name, and what to tell a user who names another. */
const singleMetricOf: Partial<Record<TrajectoryFormat, { readonly name: string; readonly says: string }>> = {
  'aide-journal-v2': { name: 'metric', says: 'an AIDE journal has one unnamed metric per node (metric.value), so leave --metric out' },
  'aira-dojo-journal-jsonl': { name: 'metric', says: 'an AIRA-dojo journal has one unnamed metric per node, so leave --metric out' },
  'openevolve-checkpoint': { name: 'combined_score', says: 'an OpenEvolve checkpoint is scored by combined_score' },
  'shinka-programs-sqlite': { name: 'combined_score', says: 'a ShinkaEvolve programs.sqlite is scored by combined_score' },
  'openevolve-evolution-trace': { name: 'combined_score', says: 'an OpenEvolve evolution trace is scored by combined_score' },
};

/**
 * Reads one trajectory file or checkpoint directory into its runs (boden's JSON lines may hold several). A
 * `metricName` is for AI-Scientist-v2 journals, whose nodes report several named metrics; a format with one metric
 * refuses any other name.
 */
export async function importTrajectory(path: string, options: ImportTrajectoryOptions = {}): Promise<Run[]> {
  const format = options.format ?? (await detectTrajectoryFormat(path));
  const only = singleMetricOf[format];
  // A metric the format cannot choose would otherwise be ignored without a word.
  if (options.metricName !== undefined && only !== undefined && options.metricName.toLowerCase() !== only.name) {
    throw new InvalidFieldError({
      file: path,
      location: null,
      reason: `the metric "${options.metricName}" (--metric) is not in this ${format}: ${only.says}`,
    });
  }
  switch (format) {
    case 'aide-journal-v2':
      return [await importAideJournal(path, options)];
    case 'ai-scientist-v2-stage-journal':
      return [await importAiScientistV2Journal(path, options)];
    case 'aira-dojo-journal-jsonl':
      return [await importAiraDojoJournal(path, options)];
    case 'openevolve-checkpoint':
      return [await importOpenEvolveCheckpoint(path, options)];
    case 'shinka-programs-sqlite':
      return [await importShinkaSqlite(path, options)];
    case 'openevolve-evolution-trace':
      return [await importOpenEvolveTrace(path, options)];
    case 'boden-episodes-jsonl':
      return (await readEpisodesJsonl(path)).map((stored) => stored.run);
  }
}

/**
 * Expands files and directories into trajectory inputs: a checkpoint directory is one input; any other
 * directory contributes its `.json`/`.jsonl` files and checkpoint subdirectories, recursively, in name order,
 * following symbolic links to directories once each (a loop ends). Paths that do not exist and folders that cannot
 * be listed are kept, so the caller reports them with the other bad inputs.
 */
export async function expandTrajectoryInputs(paths: readonly string[]): Promise<string[]> {
  const inputs: string[] = [];
  const visited = new Set<string>();
  // `known` is the stat a parent directory's listing already took, so no path is stat-ed twice.
  const expand = async (path: string, known?: Stats): Promise<void> => {
    const info = known ?? (await stat(path).catch(() => undefined));
    if (info === undefined || !info.isDirectory() || (await isOpenEvolveCheckpoint(path))) {
      inputs.push(path);
      return;
    }
    // A directory reached again through a symbolic link (a loop) is expanded once.
    const real = await realpath(path);
    if (visited.has(real)) return;
    visited.add(real);
    const listing = await readdir(path).catch(() => undefined);
    // A folder that cannot be listed is kept as an input: importing it reports why, beside the other bad inputs.
    if (listing === undefined) {
      inputs.push(path);
      return;
    }
    const entries = listing.sort((left, right) => left.localeCompare(right));
    for (const name of entries) {
      const child = join(path, name);
      const childInfo = await stat(child).catch(() => undefined);
      if (childInfo?.isDirectory()) await expand(child, childInfo);
      else if (/\.(json|jsonl)$/i.test(name)) inputs.push(child);
    }
  };
  for (const path of paths) await expand(path);
  return inputs;
}
