import { beforeAll, describe, expect, it } from 'vitest';
import { checkPacking, type Circle, type PackingVerdict } from '../../../bench/packing/circle-packing.js';
import { draftProgram, sampleLayout } from '../../../bench/packing/packing-moves.js';
import { packingParadigms, programSpace, type PackingProgram } from '../../../bench/packing/packing-program.js';
import {
  findScientificPython,
  parsePackingOutput,
  renderPackingPython,
  runPackingPython,
  withNodeArithmetic,
  type PackingPythonRun,
} from '../../../bench/packing/packing-python.js';
import { loadPackingTaskCard } from '../../../bench/packing/packing-task-card.js';
import { runPackingProgram } from '../../../bench/packing/run-packing-program.js';
import { pickValue } from '../../../bench/support/grid-values.js';
import { createSeededRandom } from '../../../src/random/random-source.js';

/**
 * How far the Python program's sum of radii may be from the TypeScript evaluation's, as rendered. Constructors,
 * radii and the hill climb are the same floating-point operations in the same order: exact but for an ulp of `cos`
 * in the ring layouts (measured ≤ 4.4e-16 over the calibration sample's 480 such programs). Penalty Adam's bias
 * corrections use `0.9 ** t` and `0.999 ** t`, which V8 (fdlibm) rounds an ulp off glibc's correctly rounded result
 * about one time in ten, and Adam amplifies that into a different final packing: measured up to 7.5e-3 with a
 * polish (160 programs) and 1.6e-2 for the optimiser (30 programs), Python higher in half the cases. The bounds
 * below leave room over those; `withNodeArithmetic` shows the rest of the algorithm is bit-for-bit the same.
 */
const tolerance = { constructor: 1e-9, polish: 0.02, optimiser: 0.05 } as const;

const toleranceOf = (program: PackingProgram) =>
  program.layout.paradigm === 'optimiser' ? tolerance.optimiser : program.polish !== null ? tolerance.polish : tolerance.constructor;

/** The best program of each paradigm path in the card's calibration sample (`npm run bench:packing-python` prints them). */
const calibrationBest: Record<string, PackingProgram> = {
  rings: {
    layout: { paradigm: 'rings', inner: 8, layers: 2, spacing: 0.2, twist: 0.5 },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: null,
  },
  'rings+perturb': {
    layout: { paradigm: 'rings', inner: 6, layers: 2, spacing: 0.22, twist: 0.25 },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: { moves: 400, step: 0.02 },
  },
  'rings+polish': {
    layout: { paradigm: 'rings', inner: 7, layers: 3, spacing: 0.2, twist: 0.5 },
    radii: 'fitted',
    radiusFactor: 1,
    polish: { iterations: 3000 },
    perturb: null,
  },
  grid: { layout: { paradigm: 'grid', rows: 6, cols: 5, stagger: true }, radii: 'uniform', radiusFactor: 1, polish: null, perturb: null },
  'grid+perturb': {
    layout: { paradigm: 'grid', rows: 6, cols: 5, stagger: false },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: { moves: 100, step: 0.02 },
  },
  'grid+polish': {
    layout: { paradigm: 'grid', rows: 5, cols: 5, stagger: false },
    radii: 'uniform',
    radiusFactor: 1,
    polish: { iterations: 3000 },
    perturb: null,
  },
  hexagonal: {
    layout: { paradigm: 'hexagonal', rows: '4,5,4,5,4,4', span: 1 },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: null,
  },
  'hexagonal+perturb': {
    layout: { paradigm: 'hexagonal', rows: '4,5,4,5,4,4', span: 1 },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: { moves: 400, step: 0.005 },
  },
  'hexagonal+polish': {
    layout: { paradigm: 'hexagonal', rows: '5,6,5,5,5', span: 0.9 },
    radii: 'uniform',
    radiusFactor: 1,
    polish: { iterations: 1000 },
    perturb: null,
  },
  greedy: {
    layout: { paradigm: 'greedy', resolution: 80, first: 'centre' },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: null,
  },
  'greedy+perturb': {
    layout: { paradigm: 'greedy', resolution: 80, first: 'centre' },
    radii: 'uniform',
    radiusFactor: 1,
    polish: null,
    perturb: { moves: 100, step: 0.02 },
  },
  'greedy+polish': {
    layout: { paradigm: 'greedy', resolution: 20, first: 'centre' },
    radii: 'uniform',
    radiusFactor: 1,
    polish: { iterations: 3000 },
    perturb: null,
  },
  optimiser: {
    layout: { paradigm: 'optimiser', start: 'hexagonal', restarts: 1, iterations: 2000, stages: 6, learningRate: 0.003, seed: 666 },
    radii: 'fitted',
    radiusFactor: 1,
    polish: null,
    perturb: null,
  },
  'optimiser+perturb': {
    layout: { paradigm: 'optimiser', start: 'random', restarts: 4, iterations: 2000, stages: 4, learningRate: 0.03, seed: 555 },
    radii: 'fitted',
    radiusFactor: 1,
    polish: null,
    perturb: { moves: 400, step: 0.02 },
  },
  'optimiser+polish': {
    layout: { paradigm: 'optimiser', start: 'hexagonal', restarts: 1, iterations: 500, stages: 4, learningRate: 0.03, seed: 635 },
    radii: 'fitted',
    radiusFactor: 1,
    polish: { iterations: 3000 },
    perturb: null,
  },
};

/** The largest settings of the space: 4 restarts × 6 stages × 3,000 steps, a 3,000-step polish and 400 moves. */
const largest: PackingProgram = {
  layout: { paradigm: 'optimiser', start: 'random', restarts: 4, iterations: 3000, stages: 6, learningRate: 0.01, seed: 33 },
  radii: 'fitted',
  radiusFactor: 1,
  polish: { iterations: 3000 },
  perturb: { moves: 400, step: 0.02 },
};

/**
 * 40 seeded programs: every paradigm with each of the 8 combinations of radii (fitted, uniform), polish and perturb,
 * layouts, radius factor and component settings drawn from the grids.
 */
function seededPrograms(): PackingProgram[] {
  const random = createSeededRandom(33);
  const programs: PackingProgram[] = [];
  for (let combination = 0; combination < 8; combination++) {
    for (const paradigm of packingParadigms) {
      programs.push({
        ...draftProgram(sampleLayout(paradigm, random)),
        radii: combination & 4 ? 'uniform' : 'fitted',
        radiusFactor: pickValue(programSpace.radiusFactor, random),
        polish: combination & 1 ? pickValue(programSpace.polish.slice(1), random) : null,
        perturb: combination & 2 ? pickValue(programSpace.perturb.slice(1), random) : null,
      });
    }
  }
  return programs;
}

interface Compared {
  readonly label: string;
  readonly program: PackingProgram;
  readonly typescript: Circle[];
  readonly asRendered: PackingPythonRun;
  readonly nodeArithmetic: PackingPythonRun;
}

const python = await findScientificPython();
if (python === null)
  console.warn('skipping the Python packing programs: no python3 on the PATH (nor /usr/bin/python3) imports numpy and scipy');

describe.skipIf(python === null)('renderPackingPython against runPackingProgram', () => {
  const compared: Compared[] = [];

  beforeAll(async () => {
    const cases = [
      // Every other seeded program, for the test's CPU budget: each paradigm meets four of the eight combinations of components.
      ...seededPrograms().flatMap((program, index) => (index % 2 === 0 ? [{ label: `seeded #${index}`, program }] : [])),
      ...Object.entries(calibrationBest).map(([path, program]) => ({ label: `calibration best ${path}`, program })),
      { label: 'largest settings', program: largest },
    ];
    let next = 0;
    // Two Python children at a time (the test machine has 2 cores); the TypeScript run happens in between.
    const worker = async () => {
      while (next < cases.length) {
        const { label, program } = cases[next++]!;
        const code = renderPackingPython(program);
        const asRendered = await runPackingPython(code, { python: python!, timeoutMs: 60_000 });
        const instrumented = withNodeArithmetic(code);
        const nodeArithmetic =
          instrumented === code ? asRendered : await runPackingPython(instrumented, { python: python!, timeoutMs: 60_000 });
        compared.push({
          label,
          program,
          typescript: runPackingProgram(program).map(({ x, y, r }) => ({ x, y, r })),
          asRendered,
          nodeArithmetic,
        });
      }
    };
    await Promise.all([worker(), worker()]);
    const slowest = [...compared].sort((a, b) => (b.asRendered.cpuSeconds ?? 0) - (a.asRendered.cpuSeconds ?? 0))[0]!;
    console.log(`${compared.length} Python programs; slowest ${slowest.label}: ${slowest.asRendered.cpuSeconds?.toFixed(2)} CPU s`);
  }, 600_000);

  it('every program runs and prints its 26 circles and a closing line that is not three numbers', () => {
    for (const { label, asRendered } of compared) {
      expect(asRendered.exitCode, `${label}: ${asRendered.stderr}`).toBe(0);
      const lines = asRendered.stdout.trimEnd().split('\n');
      expect(lines, label).toHaveLength(27);
      expect(parsePackingOutput(lines.slice(0, 26).join('\n')), label).toHaveLength(26);
      expect(lines[26], label).toMatch(/^sum of radii: \d+\.\d{6}$/);
    }
  });

  it("with Node's own pow, cos and sin, every program prints exactly the circles runPackingProgram returns", () => {
    for (const { label, typescript, nodeArithmetic } of compared) expect(nodeArithmetic.circles, label).toEqual(typescript);
  });

  it('as rendered, validity agrees and the sum of radii is within the stated tolerance', () => {
    const verdicts = (circles: Circle[]): PackingVerdict => checkPacking(circles);
    for (const { label, program, typescript, asRendered } of compared) {
      const [expected, actual] = [verdicts(typescript), verdicts(asRendered.circles)];
      expect(actual.valid, `${label}: ${JSON.stringify(actual)}`).toBe(expected.valid);
      if (expected.valid && actual.valid)
        expect(Math.abs(actual.sumOfRadii - expected.sumOfRadii), label).toBeLessThanOrEqual(toleranceOf(program));
    }
    // Both sides of the comparison are exercised: some invalid (radii scaled past touching), most valid.
    expect(compared.filter(({ typescript }) => !checkPacking(typescript).valid).length).toBeGreaterThan(0);
  });

  it("the calibration's best program of each path scores the card's ceiling in TypeScript, and as much in Python", async () => {
    const card = await loadPackingTaskCard();
    for (const [path, program] of Object.entries(calibrationBest)) {
      const entry = compared.find(({ label }) => label === `calibration best ${path}`)!;
      expect(checkPacking(entry.typescript), path).toEqual({ valid: true, sumOfRadii: card.paradigmBest[path]!.best });
      const actual = checkPacking(entry.asRendered.circles);
      expect(actual.valid && Math.abs(actual.sumOfRadii - card.paradigmBest[path]!.best), path).toBeLessThanOrEqual(toleranceOf(program));
    }
  });
});

describe('renderPackingPython and parsePackingOutput', () => {
  it('writes construct_packing with the settings as literals and only the helpers the program uses', () => {
    const rings = renderPackingPython({ ...calibrationBest['rings+polish']!, radiusFactor: 0.95 });
    expect(rings).toContain('def construct_packing():');
    expect(rings).toContain('centers = ring_centers(inner=7, layers=3, spacing=0.2, twist=0.5)');
    expect(rings).toContain('radii = radii * 0.95');
    expect(rings).toContain('centers, radii = penalty_adam(centers, radii, steps=3000, stages=4, lr=0.003)');
    expect(rings).not.toMatch(/Mulberry32|hill_climb|grid_centers|uniform_radii/);
    const optimiser = renderPackingPython(largest);
    expect(optimiser).toContain('optimise_from_restarts(restarts=4, steps=3000, stages=6, lr=0.01, seed=33)');
    expect(optimiser).toContain('rng = Mulberry32(seed * 1009 + restart)');
    expect(optimiser).toContain('def hill_climb(centers, radii, moves, step, seed=7):');
    expect(optimiser).not.toMatch(/ring_centers|hexagonal_centers|greedy/);
    // A grid of fewer than 26 cells fills its gaps greedily; one of 26 or more does not need to.
    expect(renderPackingPython(draftProgram({ paradigm: 'grid', rows: 4, cols: 6, stagger: true }))).toContain('def add_greedily');
    expect(renderPackingPython(draftProgram({ paradigm: 'grid', rows: 5, cols: 6, stagger: false }))).not.toContain('def add_greedily');
  });

  it('reads only the lines that are exactly three numbers, repr floats, nan and inf included', () => {
    const stdout = ['0.5 0.25 0.125', 'sum of radii: 2.63', '1e-05 -0.0 2.5E+3', 'step 1 2', '1 2 3 4', 'nan inf -inf', ''].join('\n');
    expect(parsePackingOutput(stdout)).toEqual([
      { x: 0.5, y: 0.25, r: 0.125 },
      { x: 1e-5, y: -0, r: 2500 },
      { x: Number.NaN, y: Infinity, r: -Infinity },
    ]);
  });
});
