import { fileURLToPath } from 'node:url';
import type { NoveltySummary } from './replay-novelty.js';
import type { ShapingLog } from './shaping-log.js';

/** What every example returns (and prints). */
export interface ExampleReport {
  readonly title: string;
  readonly shaped: boolean;
  readonly evaluated: number;
  readonly bestMetric: number | null;
  readonly tree: string;
  readonly novelty: NoveltySummary;
  readonly shaping: ShapingLog | undefined;
}

/** Options every scripted example takes. */
export interface ExampleOptions {
  /** Evaluations to spend. */
  readonly budget?: number;
  readonly seed?: number;
  /** Wrap the policy in shaping middleware (default true). */
  readonly shaped?: boolean;
  /** Where the report goes; default nowhere. */
  readonly print?: (text: string) => void;
}

/** The report as text: the tree, the shaping events, and the run's P-creativity. */
export function formatReport(report: ExampleReport): string {
  const best = report.bestMetric === null ? 'none' : report.bestMetric.toFixed(4);
  return [
    `=== ${report.title} (${report.shaped ? 'shaped' : 'unshaped'}) ===`,
    report.tree,
    ...(report.shaping === undefined ? [] : ['--- shaping events ---', ...report.shaping.lines]),
    `evaluated ${report.evaluated} nodes; best metric ${best}; P-creativity (nearest-neighbour) mean ` +
      `${report.novelty.mean.toFixed(3)}, last third ${report.novelty.lastThird.toFixed(3)} over ${report.novelty.episodes} episodes`,
    '',
  ].join('\n');
}

/** True when the module at `moduleUrl` is the program node was started with. */
export function isMainModule(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === process.argv[1];
}

/** `--name value` from the command line, or undefined. */
export function argumentValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
