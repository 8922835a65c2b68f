import { checkPacking, packingCircles } from '../packing/circle-packing.js';
import { parsePackingOutput } from '../packing/packing-python.js';
import type { PackingTaskCard } from '../packing/packing-task-card.js';
import { terminalOutput, type CodeOutcome, type CodeTask, type ProgramRunner } from './code-task.js';

/**
 * Circle packing (n = 26) as a task for program-writing agents: the program prints its circles, one `x y r` line
 * each, and the harness checks containment and overlaps and sums the radii with the same `checkPacking` the
 * TypeScript evaluation uses; what the program says of its own score counts for nothing.
 */
export function createPackingCodeTask(
  card: PackingTaskCard,
  limits: { readonly cpuSeconds: number; readonly memoryMegabytes: number },
): CodeTask {
  const description = [
    `Pack ${packingCircles} circles into the unit square [0, 1] x [0, 1]: no two circles may overlap and every circle must lie entirely inside the square. Maximise the sum of their radii. The best known sum for ${packingCircles} circles is about ${card.top1.toFixed(4)}.`,
    '',
    'Environment: your program runs as `python3 solution.py` in an empty directory, with numpy and scipy available and no network,',
    `under a CPU-time limit of ${limits.cpuSeconds} seconds and ${limits.memoryMegabytes} MB of memory. It is run once; make it deterministic (seed any randomness).`,
    '',
    `Output: print each circle on its own line as three numbers \`x y r\` (centre and radius) separated by spaces, exactly ${packingCircles} such lines, with full precision (e.g. \`print(f"{x:.17g} {y:.17g} {r:.17g}")\`). Any other line you print must not consist of exactly three numbers.`,
    `The environment checks the packing itself (tolerance ${1e-9} for overlaps and the walls) and scores the sum of the radii; a packing that fails the check scores nothing.`,
  ].join('\n');
  return {
    id: card.task,
    kind: 'packing',
    description,
    metric: { name: 'sum of radii', maximize: true },
    reference: { baseline: card.baseline, top1: card.top1, maximize: true, source: 'task-card' },
    card,
    async evaluate(code: string, run: ProgramRunner): Promise<CodeOutcome> {
      const result = await run({ program: code, files: {}, outputs: [] });
      const output = terminalOutput(result);
      const failed = (error: string): CodeOutcome => ({ score: null, error, output, cpuSeconds: result.cpuSeconds });
      if (result.status !== 'ok') return failed(result.reason);
      const circles = parsePackingOutput(result.stdout);
      if (circles.length !== packingCircles)
        return failed(`the program printed ${circles.length} circle line(s) of the form "x y r", expected ${packingCircles}`);
      const verdict = checkPacking(circles);
      return verdict.valid ? { score: verdict.sumOfRadii, error: null, output, cpuSeconds: result.cpuSeconds } : failed(verdict.error);
    },
  };
}
