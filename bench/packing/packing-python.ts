import { spawn } from 'node:child_process';
import { findPython } from '../sandbox/find-python.js';
import { packingCircles, packingTolerance, type Circle } from './circle-packing.js';
import type { PackingLayout, PackingProgram } from './packing-program.js';
import { renderPackingPlan } from './render-packing-program.js';

/**
 * Renders a packing program as a complete, runnable numpy program that does exactly what `runPackingProgram` does
 * (same layout, radii rule, radius factor, penalty Adam and hill climb; random choices from its own mulberry32, seeded
 * as the TypeScript seeds them), written as an agent writes it: `construct_packing()` returning `centers, radii`,
 * named helpers, the settings as literals. Run as a script it prints the packing (`parsePackingOutput`'s format).
 * Only the helpers the program uses are written, so programs of different paradigms differ in structure.
 */
export function renderPackingPython(program: PackingProgram): string {
  const { layout } = program;
  const optimiser = layout.paradigm === 'optimiser';
  const gridFill = layout.paradigm === 'grid' && gridCells(layout) < packingCircles;
  const hexagonal =
    layout.paradigm === 'hexagonal' ? layout.rows : optimiser && layout.start === 'hexagonal' ? optimiserHexagonalRows : null;
  const helpers: string[] = [];
  if (optimiser || program.perturb !== null) helpers.push(mulberry32);
  if (layout.paradigm === 'rings') helpers.push(ringCentres);
  if (layout.paradigm === 'grid' || (optimiser && layout.start === 'grid')) helpers.push(gridCentres(gridFill));
  if (hexagonal !== null)
    helpers.push(
      hexagonalCentres(
        hexagonal
          .split(',')
          .map(Number)
          .reduce((sum, count) => sum + count, 0) !== packingCircles,
      ),
    );
  if (layout.paradigm === 'greedy' || gridFill) helpers.push(addGreedily);
  if (layout.paradigm === 'greedy') helpers.push(greedyCentres);
  // Fitted radii also serve the optimiser and the polish (shrinking what still overlaps) and the hill climb (refits).
  if ((!optimiser && program.radii === 'fitted') || optimiser || gridFill || program.polish !== null || program.perturb !== null)
    helpers.push(shrinkOverlaps, fitRadii);
  if (!optimiser && program.radii === 'uniform') helpers.push(uniformRadii);
  if (optimiser || program.polish !== null) helpers.push(penaltyGradient, penaltyAdam);
  if (optimiser) helpers.push(startCentres(layout), optimiseFromRestarts);
  helpers.push(sumOfRadii);
  if (program.perturb !== null) helpers.push(isValid, hillClimb);
  return `${[header(program), ...helpers, constructPacking(program), main].join('\n\n\n')}\n`;
}

/** One circle line of the output: `x y r`, three numbers separated by a space (Python's repr, `nan` and `inf` included). */
const circleLine = /^(\S+)\s+(\S+)\s+(\S+)$/;
const pythonNumber = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|nan)$/;

/**
 * Reads the packing a rendered program printed: every line that is exactly three numbers `x y r` is a circle, in
 * order; any other line (the closing `sum of radii: …`) is not. `checkPacking` then judges count and values.
 */
export function parsePackingOutput(stdout: string): Circle[] {
  const circles: Circle[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const fields = circleLine.exec(line.trim())?.slice(1);
    if (fields === undefined || !fields.every((field) => pythonNumber.test(field))) continue;
    const [x, y, r] = fields.map((field) => (field.endsWith('inf') ? (field.startsWith('-') ? -Infinity : Infinity) : Number(field)));
    circles.push({ x: x!, y: y!, r: r! });
  }
  return circles;
}

/** What running a rendered program gave: its circles, output, exit code, and the CPU seconds it used (null if it died first). */
export interface PackingPythonRun {
  readonly circles: Circle[];
  readonly stdout: string;
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stderr: string;
  readonly cpuSeconds: number | null;
}

// Runs the program as `__main__` from stdin and reports its CPU time (all threads, interpreter start and imports
// included) on stderr, since Node cannot read a child's resource usage.
const cpuWrapper = [
  'import resource, sys',
  'code = sys.stdin.read()',
  'try:',
  '    exec(compile(code, "construct_packing.py", "exec"), {"__name__": "__main__"})',
  'finally:',
  '    sys.stdout.flush()',
  '    usage = resource.getrusage(resource.RUSAGE_SELF)',
  '    sys.stderr.write(f"\\ncpu-seconds {usage.ru_utime + usage.ru_stime}\\n")',
].join('\n');

/** Runs a rendered program with `python` (single-threaded BLAS), killed after `timeoutMs`, and reads its packing. */
export function runPackingPython(
  code: string,
  options: { readonly python: string; readonly timeoutMs: number },
): Promise<PackingPythonRun> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, OMP_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
    const child = spawn(options.python, ['-c', cpuWrapper], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let [stdout, stderr, timedOut] = ['', '', false];
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // A program that dies before reading its source closes the pipe; its exit code and stderr say why.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      const cpu = /\ncpu-seconds (\S+)\n$/.exec(stderr);
      resolve({
        circles: parsePackingOutput(stdout),
        stdout,
        exitCode,
        timedOut,
        stderr: cpu === null ? stderr : stderr.slice(0, cpu.index),
        cpuSeconds: cpu === null ? null : Number(cpu[1]),
      });
    });
    child.stdin.end(code);
  });
}

/** The interpreter the sandbox would pick that imports numpy and scipy (`findPython`), or null when none does. */
export async function findScientificPython(): Promise<string | null> {
  return findPython({ packages: ['numpy', 'scipy'] }).catch(() => null);
}

/**
 * The same program with Node's own `**`, `cos` and `sin` results put in place of Python's (tables computed here), for
 * comparisons: V8's `pow` (fdlibm's) is an ulp off glibc's correctly rounded one in about one case in ten, and penalty
 * Adam amplifies an ulp into a different final packing. With these tables the program must print exactly the circles
 * `runPackingProgram` returns, which tells a difference of algorithm from one of libm rounding. A program with
 * neither penalty Adam nor rings comes back unchanged.
 */
export function withNodeArithmetic(code: string): string {
  const steps = Math.max(
    0,
    ...[...code.matchAll(/steps=(\d+), stages=(\d+)/g)].map(([, iterations, stages]) => Number(iterations) * Number(stages)),
  );
  const stages = Math.max(0, ...[...code.matchAll(/stages=(\d+)/g)].map(([, count]) => Number(count)));
  const powers = (base: number, last: number) => Array.from({ length: last + 1 }, (_, exponent) => base ** exponent);
  const twists = [...code.matchAll(/twist=([\d.e+-]+)\)/g)].map(([, twist]) => Number(twist));
  const trig: number[][] = [];
  for (let count = 1; count <= packingCircles; count++) {
    for (const offset of [0, ...twists.map((twist) => (twist * 2 * Math.PI) / Math.max(1, count))]) {
      for (let j = 0; j < count; j++) {
        const angle = (2 * Math.PI * j) / count + offset;
        trig.push([angle, Math.cos(angle), Math.sin(angle)]);
      }
    }
  }
  const substitutions: [string, string, boolean][] = [
    ['0.9 ** t', '_NODE_POW[0.9][t]', code.includes('def penalty_adam')],
    ['0.999 ** t', '_NODE_POW[0.999][t]', code.includes('def penalty_adam')],
    ['0.3 ** stage', '_NODE_POW[0.3][stage]', code.includes('def penalty_adam')],
    ['np.cos(angles)', '_node_trig(0, angles)', code.includes('def ring_centers')],
    ['np.sin(angles)', '_node_trig(1, angles)', code.includes('def ring_centers')],
  ];
  // Nothing to put in place: the program is already exactly the TypeScript's arithmetic.
  if (!substitutions.some(([, , needed]) => needed)) return code;
  let result = code;
  for (const [from, to, needed] of substitutions) {
    if (needed && !result.includes(from)) throw new Error(`withNodeArithmetic: the program no longer contains "${from}"`);
    result = result.replaceAll(from, to);
  }
  const prelude = [
    'import json',
    `_NODE_POW = dict(zip((0.9, 0.999, 0.3), json.loads("${JSON.stringify([powers(0.9, steps), powers(0.999, steps), powers(0.3, stages)])}")))`,
    `_NODE_TRIG = {angle: (cos, sin) for angle, cos, sin in json.loads("${JSON.stringify(trig)}")}`,
    '',
    '',
    'def _node_trig(which, angles):',
    '    return np.array([_NODE_TRIG[angle][which] for angle in angles.tolist()])',
  ].join('\n');
  return result.replace('import numpy as np\n', `import numpy as np\n${prelude}\n`);
}

// ----- the program's parts -----

/** A JavaScript number as a Python literal (the shortest round-trip form is the same in both languages). */
const py = (value: number) => String(value);

/** The lattice every optimiser run with a hexagonal start jitters (`startOf` in run-packing-program.ts). */
const optimiserHexagonalRows = '5,6,5,6,4';

/** How many cells a grid layout has (staggered rows hold one fewer). */
function gridCells(layout: Extract<PackingLayout, { paradigm: 'grid' }>): number {
  return layout.rows * layout.cols - (layout.stagger ? Math.floor(layout.rows / 2) : 0);
}

/** The plan as a docstring, wrapped at 100 columns, then the imports and the circle count. */
function header(program: PackingProgram): string {
  const words = `Circle packing, n = ${packingCircles}. ${renderPackingPlan(program)}`.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    if (lines.length > 0 && lines.at(-1)!.length + 1 + word.length <= 100) lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  return [
    `"""${lines.join('\n')}`,
    '',
    'Prints one line per circle, "x y r" (exact floats), then the sum of radii.',
    '"""',
    'import numpy as np',
    '',
    `N = ${packingCircles}  # circles to pack in the unit square`,
  ].join('\n');
}

const mulberry32 = `class Mulberry32:
    """The program's own seeded generator (mulberry32, 32-bit integer arithmetic): the same seed gives the same
    stream of floats in [0, 1) on any machine and any numpy version."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def random(self):
        self.state = (self.state + 0x6D2B79F5) & 0xFFFFFFFF
        t = self.state
        t = ((t ^ (t >> 15)) * (t | 1)) & 0xFFFFFFFF
        t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296`;

const ringCentres = `def ring_centers(inner, layers, spacing, twist):
    """One circle in the middle, \`inner\` on the first ring, the rest on the outer rings in proportion to their length."""
    rest = N - 1
    counts = [min(inner, rest)]
    outer = list(range(2, layers + 1))  # ring k's circumference grows with k
    left = rest - counts[0]
    for index, k in enumerate(outer):
        # The last ring takes whatever is left; the others round their share half up.
        count = left if index == len(outer) - 1 else int(np.floor((rest - counts[0]) * k / sum(outer) + 0.5))
        counts.append(count)
        left -= count
    centers = [(0.5, 0.5)]
    for layer, count in enumerate(counts):
        # Every other ring turns by \`twist\` of a slot, so its circles sit between the previous ring's.
        offset = twist * 2 * np.pi / max(1, count) if layer % 2 == 1 else 0.0
        angles = 2 * np.pi * np.arange(count) / count + offset
        radius = (layer + 1) * spacing
        centers += zip(0.5 + radius * np.cos(angles), 0.5 + radius * np.sin(angles))
    return np.clip(np.array(centers), 0.0, 1.0)`;

function gridCentres(fill: boolean): string {
  const lines = [
    'def grid_centers(rows, cols, stagger):',
    `    """Cell centres of a rows x cols grid, row by row, odd rows shifted half a cell when staggered${fill ? '; circles past\n    the grid go into its largest gaps' : ''}."""`,
    '    centers = []',
    '    for row in range(rows):',
    '        shifted = stagger and row % 2 == 1',
    '        for col in range(cols - 1 if shifted else cols):',
    '            if len(centers) < N:',
    '                centers.append(((col + (1.0 if shifted else 0.5)) / cols, (row + 0.5) / rows))',
  ];
  if (fill) {
    lines.push(
      '    if len(centers) < N:',
      '        placed = np.array(centers)',
      '        return add_greedily(centers, fit_radii(placed).tolist(), resolution=40)',
    );
  }
  lines.push('    return np.array(centers)');
  return lines.join('\n');
}

function hexagonalCentres(pad: boolean): string {
  const lines = [
    'def hexagonal_centers(row_counts, span):',
    '    """Rows of a triangular lattice (counts bottom to top), spaced to span `span` of the square and centred in it."""',
    '    rise = np.sqrt(3) / 2',
    '    spacing = span / max(max(row_counts), 1 + (len(row_counts) - 1) * rise)',
    '    height = (len(row_counts) - 1) * rise * spacing',
    '    centers = []',
    '    for row, count in enumerate(row_counts):',
    '        # A row as long as the one below shifts by a quarter spacing, as a lattice does.',
    '        shift = spacing / 4 if row > 0 and count == row_counts[row - 1] and row % 2 == 1 else 0.0',
    '        y = 0.5 - height / 2 + row * rise * spacing',
    '        for j in range(count):',
    '            centers.append((0.5 - (count - 1) * spacing / 2 + j * spacing + shift, y))',
  ];
  if (pad)
    lines.push(
      '    # Exactly N circles: cut the lattice, or put the missing ones in the middle (their radii will be 0).',
      '    centers = centers[:N] + [(0.5, 0.5)] * (N - len(centers))',
    );
  lines.push('    return np.clip(np.array(centers), 0.0, 1.0)');
  return lines.join('\n');
}

const addGreedily = `CAP = 1 / (2 * np.ceil(np.sqrt(N)))  # the radius of N equal circles on a square grid


def add_greedily(centers, radii, resolution):
    """Adds circles one at a time at the candidate point (a resolution x resolution grid) where the largest circle
    fits, radii capped at CAP so the first circles do not take the middle; returns all the centres."""
    points = (np.arange(resolution) + 0.5) / resolution
    px, py = (axis.ravel() for axis in np.meshgrid(points, points, indexing="ij"))  # x-major: ties go to the lowest x, then y
    room = np.minimum.reduce([np.full_like(px, CAP), px, 1 - px, py, 1 - py])
    for (x, y), r in zip(centers, radii):
        room = np.minimum(room, np.sqrt((px - x) ** 2 + (py - y) ** 2) - r)
    centers, radii = list(centers), list(radii)
    while len(centers) < N:
        best = int(np.argmax(room))
        x, y, r = px[best], py[best], max(0.0, room[best])
        centers.append((x, y))
        radii.append(r)
        room = np.minimum(room, np.sqrt((px - x) ** 2 + (py - y) ** 2) - r)
    return np.array(centers)`;

const greedyCentres = `def greedy_centers(resolution, first):
    """Greedy placement from a first circle at the centre, a corner or the middle of an edge."""
    start = {"centre": (0.5, 0.5), "corner": (CAP, CAP), "edge": (0.5, CAP)}[first]
    return add_greedily([start], [CAP], resolution)`;

const shrinkOverlaps = `def shrink_overlaps(centers, radii):
    """Cuts radii back to the walls, then shrinks every overlapping pair in proportion, pair by pair in index order,
    until no two circles overlap."""
    x, y = centers[:, 0], centers[:, 1]
    radii = np.maximum(0.0, np.minimum.reduce([radii, x, 1 - x, y, 1 - y]))
    dist = np.sqrt((x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2)
    upper = np.triu(np.ones(dist.shape, dtype=bool), 1)
    gaps, r = dist.tolist(), radii.tolist()
    for _ in range(200):
        # Radii only shrink, so a pair that does not overlap now never will: only the others need the loop.
        total = radii[:, None] + radii[None, :]
        pairs = np.argwhere(upper & (total > dist) & (total > 0)).tolist()
        if not pairs:
            break
        for i, j in pairs:
            d, s = gaps[i][j], r[i] + r[j]
            if s > d and s > 0:
                scale = d / s * (1 - 1e-12)  # a hair under touching, so rounding cannot leave an overlap
                r[i] *= scale
                r[j] *= scale
        radii = np.array(r)
    return radii`;

const fitRadii = `def fit_radii(centers):
    """Each radius as large as the walls and the neighbours allow (the centres stay put)."""
    return shrink_overlaps(centers, np.full(len(centers), np.inf))`;

const uniformRadii = `def uniform_radii(centers):
    """One radius for every circle: half the closest distance between two centres, or the closest wall if nearer."""
    x, y = centers[:, 0], centers[:, 1]
    walls = np.minimum.reduce([x, 1 - x, y, 1 - y]).min()
    dist = np.sqrt((x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2)
    closest = dist[np.triu_indices(len(x), 1)].min()
    return np.full(len(x), max(0.0, min(walls, closest / 2)))`;

const penaltyGradient = `def penalty_gradient(params, weight):
    """Gradient of -sum(r) + weight * sum(violation^2) over the walls and the overlapping pairs; params and the
    gradient are rows x, y, r with one column per circle."""
    x, y, r = params
    n = len(r)
    terms = np.empty((n + 1, 3, n))
    # Each circle's own terms: -1 for its radius, and a push back in from every wall it crosses.
    left, right = 2 * weight * np.maximum(r - x, 0), 2 * weight * np.maximum(x + r - 1, 0)
    bottom, top = 2 * weight * np.maximum(r - y, 0), 2 * weight * np.maximum(y + r - 1, 0)
    terms[0] = right - left, top - bottom, -1.0 + left + right + bottom + top + 2 * weight * np.minimum(r, 0)
    # Overlapping pairs: entry [m, k] is what partner m adds to circle k.
    dx, dy = x - x[:, None], y - y[:, None]
    dist = np.sqrt(dx * dx + dy * dy) + 1e-12
    overlap = r + r[:, None] - dist
    np.fill_diagonal(overlap, 0.0)
    scale = 2 * weight * np.maximum(overlap, 0)
    terms[1:, 0] = -(scale * dx) / dist
    terms[1:, 1] = -(scale * dy) / dist
    terms[1:, 2] = scale
    # Summed partner by partner in index order, the order a loop over the pairs adds them in.
    return terms.sum(axis=0)`;

const penaltyAdam = `def penalty_adam(centers, radii, steps, stages, lr):
    """Maximises the sum of radii by Adam on the penalised objective, in stages that raise the penalty weight tenfold
    and cut the step to 0.3x; then clamps the centres into the square and shrinks what still overlaps."""
    params = np.array([centers[:, 0], centers[:, 1], np.maximum(0.01, radii)])
    v, t, weight = np.zeros_like(params), 0, 10.0
    for stage in range(stages):
        rate = lr * 0.3 ** stage
        m = np.zeros_like(params)  # a fresh first moment each stage; the second keeps its scale
        for _ in range(steps):
            grad = penalty_gradient(params, weight)
            t += 1
            m = 0.9 * m + 0.1 * grad
            v = 0.999 * v + 0.001 * grad ** 2
            params -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        weight *= 10
    centers = np.clip(params[:2].T, 0.0, 1.0)
    return centers, shrink_overlaps(centers, np.maximum(0.0, params[2]))`;

function startCentres(layout: Extract<PackingLayout, { paradigm: 'optimiser' }>): string {
  if (layout.start === 'random') {
    return `def start_centers(rng):
    """A random start: centres uniform in [0.1, 0.9] x [0.1, 0.9]."""
    return np.array([(0.1 + 0.8 * rng.random(), 0.1 + 0.8 * rng.random()) for _ in range(N)])`;
  }
  const base =
    layout.start === 'grid'
      ? 'grid_centers(rows=5, cols=6, stagger=False)'
      : `hexagonal_centers(row_counts=[${optimiserHexagonalRows.replaceAll(',', ', ')}], span=1)`;
  return `def start_centers(rng):
    """A ${layout.start} start, every centre jittered by up to 0.02 each way so restarts differ."""

    def jitter(value):
        return min(1.0, max(0.0, value + (rng.random() - 0.5) * 0.04))

    return np.array([(jitter(x), jitter(y)) for x, y in ${base}.tolist()])`;
}

const optimiseFromRestarts = `def optimise_from_restarts(restarts, steps, stages, lr, seed):
    """Penalty Adam from \`restarts\` starts, restart i drawing from its own generator (seed * 1009 + i); the best."""
    best, best_total = None, -np.inf
    for restart in range(restarts):
        rng = Mulberry32(seed * 1009 + restart)
        centers, radii = penalty_adam(start_centers(rng), np.full(N, 0.05), steps, stages, lr)
        total = sum_of_radii(radii)
        if total > best_total:
            best, best_total = (centers, radii), total
    return best`;

const sumOfRadii = `def sum_of_radii(radii):
    """The score, added circle by circle as the evaluator adds it, so equal packings compare equal."""
    total = 0.0
    for r in radii.tolist():
        total += r
    return total`;

const isValid = `def is_valid(centers, radii, tolerance=${py(packingTolerance)}):
    """True when every radius is finite and non-negative, every circle inside the square, and no two overlap."""
    x, y = centers[:, 0], centers[:, 1]
    if not (np.isfinite(centers).all() and np.isfinite(radii).all()) or (radii < 0).any():
        return False
    if (np.maximum.reduce([radii - x, x + radii - 1, radii - y, y + radii - 1]) > tolerance).any():
        return False
    dist = np.sqrt((x[:, None] - x[None, :]) ** 2 + (y[:, None] - y[None, :]) ** 2)
    overlap = (radii[:, None] + radii[None, :] - dist)[np.triu_indices(len(x), 1)]
    return not (overlap > tolerance).any()`;

const hillClimb = `def hill_climb(centers, radii, moves, step, seed=7):
    """Moves one random centre by up to \`step\` each way, refits every radius, keeps the move if the sum grew."""
    rng = Mulberry32(seed)
    if not is_valid(centers, radii):
        radii = fit_radii(centers)  # climb from a valid packing
    best = sum_of_radii(radii)
    for _ in range(moves):
        i = int(rng.random() * len(centers))
        trial = centers.copy()
        trial[i, 0] = min(1.0, max(0.0, trial[i, 0] + (rng.random() * 2 - 1) * step))
        trial[i, 1] = min(1.0, max(0.0, trial[i, 1] + (rng.random() * 2 - 1) * step))
        trial_radii = fit_radii(trial)
        total = sum_of_radii(trial_radii)
        if total > best:
            centers, radii, best = trial, trial_radii, total
    return centers, radii`;

/** `construct_packing()`: the layout, the radii, then each component, one commented step each. */
function constructPacking(program: PackingProgram): string {
  const { layout } = program;
  const lines = ['def construct_packing():', '    """Builds the packing: centers (N x 2) and radii (N)."""'];
  if (layout.paradigm === 'optimiser') {
    const from = layout.start === 'random' ? 'random centres' : `a jittered ${layout.start}`;
    lines.push(
      `    # Numerical optimisation: ${layout.restarts} restart${layout.restarts > 1 ? 's' : ''} from ${from}, ${layout.stages} stages of ${layout.iterations} Adam steps each.`,
      `    centers, radii = optimise_from_restarts(restarts=${layout.restarts}, steps=${layout.iterations}, stages=${layout.stages}, lr=${py(layout.learningRate)}, seed=${layout.seed})`,
    );
  } else {
    lines.push(...layoutCall(layout));
    lines.push(
      ...(program.radii === 'fitted'
        ? ['    # Radii: each as large as the walls and its neighbours allow.', '    radii = fit_radii(centers)']
        : ['    # Radii: one for all, half the closest gap between centres (or to a wall).', '    radii = uniform_radii(centers)']),
    );
  }
  if (program.radiusFactor !== 1) {
    lines.push(
      `    # Scale every radius by ${py(program.radiusFactor)}${program.radiusFactor > 1 ? ' to squeeze out more area (past 1 circles overlap)' : ' to leave a safety margin'}.`,
      `    radii = radii * ${py(program.radiusFactor)}`,
    );
  }
  if (program.polish !== null) {
    lines.push(
      `    # Polish: penalty Adam from this packing, 4 stages of ${program.polish.iterations} steps.`,
      `    centers, radii = penalty_adam(centers, radii, steps=${program.polish.iterations}, stages=4, lr=0.003)`,
    );
  }
  if (program.perturb !== null) {
    lines.push(
      `    # Hill climb: ${program.perturb.moves} moves of one centre by up to ${py(program.perturb.step)}, kept when the sum of radii grows.`,
      `    centers, radii = hill_climb(centers, radii, moves=${program.perturb.moves}, step=${py(program.perturb.step)})`,
    );
  }
  lines.push('    return centers, radii');
  return lines.join('\n');
}

/** The layout step of a constructor's `construct_packing()`. */
function layoutCall(layout: Exclude<PackingLayout, { paradigm: 'optimiser' }>): string[] {
  switch (layout.paradigm) {
    case 'rings':
      return [
        `    # Layout: concentric rings ${py(layout.spacing)} apart around a centre circle.`,
        `    centers = ring_centers(inner=${layout.inner}, layers=${layout.layers}, spacing=${py(layout.spacing)}, twist=${py(layout.twist)})`,
      ];
    case 'grid':
      return [
        `    # Layout: a ${layout.rows} x ${layout.cols} grid${layout.stagger ? ', every other row shifted half a cell' : ''}.`,
        `    centers = grid_centers(rows=${layout.rows}, cols=${layout.cols}, stagger=${layout.stagger ? 'True' : 'False'})`,
      ];
    case 'hexagonal':
      return [
        `    # Layout: a hexagonal lattice spanning ${py(layout.span)} of the square.`,
        `    centers = hexagonal_centers(row_counts=[${layout.rows.replaceAll(',', ', ')}], span=${py(layout.span)})`,
      ];
    case 'greedy':
      return [
        `    # Layout: greedy placement from the ${layout.first}, over a ${layout.resolution} x ${layout.resolution} grid of candidate points.`,
        `    centers = greedy_centers(resolution=${layout.resolution}, first=${JSON.stringify(layout.first)})`,
      ];
  }
}

const main = `if __name__ == "__main__":
    centers, radii = construct_packing()
    # One line per circle, "x y r", each float in full (repr) so rounding cannot create an overlap.
    for (x, y), r in zip(centers.tolist(), radii.tolist()):
        print(x, y, r)
    print(f"sum of radii: {sum_of_radii(radii):.6f}")`;
