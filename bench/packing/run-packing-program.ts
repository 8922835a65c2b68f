import { createSeededRandom, type RandomSource } from 'boden';
import { checkPacking, fitRadii, packingCircles, type Circle } from './circle-packing.js';
import { optimisePacking } from './optimise-packing.js';
import type { PackingLayout, PackingProgram } from './packing-program.js';

type Centre = { readonly x: number; readonly y: number };

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Runs a circle-packing program: builds its layout, sets the radii, then applies its components (polish, perturb).
 * Deterministic: a program's random choices come from seeds it carries, and all work is bounded by its settings.
 * The result may be invalid (radii scaled past touching); `checkPacking` says so, as a real evaluator would.
 */
export function runPackingProgram(program: PackingProgram, n = packingCircles): Circle[] {
  let circles =
    program.layout.paradigm === 'optimiser' ? optimised(program.layout, n) : withRadii(centresOf(program.layout, n), program.radii);
  if (program.radiusFactor !== 1) circles = circles.map((circle) => ({ ...circle, r: circle.r * program.radiusFactor }));
  if (program.polish !== null)
    circles = optimisePacking(circles, { iterations: program.polish.iterations, stages: 4, learningRate: 0.003 });
  if (program.perturb !== null) circles = perturbed(circles, program.perturb.moves, program.perturb.step);
  return circles;
}

/** The centres a constructor layout places. */
function centresOf(layout: Exclude<PackingLayout, { paradigm: 'optimiser' }>, n: number): Centre[] {
  if (layout.paradigm === 'rings') return ringCentres(layout.inner, layout.layers, layout.spacing, layout.twist, n);
  if (layout.paradigm === 'grid') return gridCentres(layout.rows, layout.cols, layout.stagger, n);
  if (layout.paradigm === 'hexagonal') return hexagonalCentres(layout.rows.split(',').map(Number), layout.span, n);
  return greedyPacking(layout.resolution, layout.first, n).map(({ x, y }) => ({ x, y }));
}

/** Radii for fixed centres: each as large as it can be (`fitted`), or one radius for all (`uniform`). */
function withRadii(centres: readonly Centre[], radii: PackingProgram['radii']): Circle[] {
  if (radii === 'fitted') return fitRadii(centres);
  let radius = Infinity;
  for (const [index, a] of centres.entries()) {
    radius = Math.min(radius, a.x, 1 - a.x, a.y, 1 - a.y);
    for (const b of centres.slice(index + 1)) radius = Math.min(radius, Math.sqrt((a.x - b.x) ** 2 + (a.y - b.y) ** 2) / 2);
  }
  return centres.map(({ x, y }) => ({ x, y, r: Math.max(0, radius) }));
}

/** A centre circle and concentric rings: `inner` on the first, the rest spread over the outer rings by circumference. */
function ringCentres(inner: number, layers: number, spacing: number, twist: number, n: number): Centre[] {
  const centres: Centre[] = [{ x: 0.5, y: 0.5 }];
  const rest = n - 1;
  const counts = [Math.min(inner, rest)];
  const outer = Array.from({ length: layers - 1 }, (_, index) => index + 2);
  const outerTotal = outer.reduce((sum, k) => sum + k, 0);
  let left = rest - counts[0]!;
  outer.forEach((k, index) => {
    const count = index === outer.length - 1 ? left : Math.round(((rest - counts[0]!) * k) / outerTotal);
    counts.push(count);
    left -= count;
  });
  counts.forEach((count, layer) => {
    const offset = layer % 2 === 1 ? (twist * 2 * Math.PI) / Math.max(1, count) : 0;
    for (let j = 0; j < count; j++) {
      const angle = (2 * Math.PI * j) / count + offset;
      centres.push({ x: clamp(0.5 + (layer + 1) * spacing * Math.cos(angle)), y: clamp(0.5 + (layer + 1) * spacing * Math.sin(angle)) });
    }
  });
  return centres;
}

/** A rows × cols grid of cell centres (odd rows shifted half a cell with `stagger`); circles past the grid fill its gaps. */
function gridCentres(rows: number, cols: number, stagger: boolean, n: number): Centre[] {
  const centres: Centre[] = [];
  for (let row = 0; row < rows && centres.length < n; row++) {
    const shifted = stagger && row % 2 === 1;
    for (let col = 0; col < (shifted ? cols - 1 : cols) && centres.length < n; col++) {
      centres.push({ x: (col + (shifted ? 1 : 0.5)) / cols, y: (row + 0.5) / rows });
    }
  }
  if (centres.length === n) return centres;
  const placed = fitRadii(centres);
  return greedyPacking(40, 'centre', n, placed).map(({ x, y }) => ({ x, y }));
}

/** Rows of a hexagonal lattice (counts bottom to top), spaced to span `span` of the square and centred in it. */
function hexagonalCentres(rowCounts: readonly number[], span: number, n: number): Centre[] {
  const widest = Math.max(...rowCounts);
  const rise = Math.sqrt(3) / 2;
  const spacing = span / Math.max(widest, 1 + (rowCounts.length - 1) * rise);
  const height = (rowCounts.length - 1) * rise * spacing;
  const centres: Centre[] = [];
  rowCounts.forEach((count, row) => {
    // Rows of equal length shift by half a spacing, as a lattice does.
    const shift = row > 0 && count === rowCounts[row - 1] && row % 2 === 1 ? spacing / 4 : 0;
    for (let j = 0; j < count && centres.length < n; j++) {
      centres.push({
        x: clamp(0.5 - ((count - 1) * spacing) / 2 + j * spacing + shift),
        y: clamp(0.5 - height / 2 + row * rise * spacing),
      });
    }
  });
  while (centres.length < n) centres.push({ x: 0.5, y: 0.5 });
  return centres;
}

/**
 * Greedy placement: each circle goes to the candidate point (a resolution × resolution grid) where the largest
 * circle fits, capped at the radius of 26 equal circles in a square grid so the first does not take the middle.
 */
function greedyPacking(resolution: number, first: 'centre' | 'corner' | 'edge', n: number, placed: readonly Circle[] = []): Circle[] {
  const cap = 1 / (2 * Math.ceil(Math.sqrt(n)));
  const circles: Circle[] = [...placed];
  if (circles.length === 0) {
    const start = first === 'centre' ? { x: 0.5, y: 0.5 } : first === 'corner' ? { x: cap, y: cap } : { x: 0.5, y: cap };
    circles.push({ ...start, r: cap });
  }
  while (circles.length < n) {
    let best = { x: 0.5, y: 0.5, r: -1 };
    for (let i = 0; i < resolution; i++) {
      for (let j = 0; j < resolution; j++) {
        const x = (i + 0.5) / resolution;
        const y = (j + 0.5) / resolution;
        let r = Math.min(cap, x, 1 - x, y, 1 - y);
        for (const circle of circles) r = Math.min(r, Math.sqrt((x - circle.x) ** 2 + (y - circle.y) ** 2) - circle.r);
        if (r > best.r) best = { x, y, r };
      }
    }
    circles.push({ x: best.x, y: best.y, r: Math.max(0, best.r) });
  }
  return circles;
}

/** Numerical optimisation from `restarts` starts; the best valid result. */
function optimised(layout: Extract<PackingLayout, { paradigm: 'optimiser' }>, n: number): Circle[] {
  let best: Circle[] | null = null;
  let bestSum = -Infinity;
  for (let restart = 0; restart < layout.restarts; restart++) {
    const random = createSeededRandom(layout.seed * 1009 + restart);
    const result = optimisePacking(startOf(layout.start, random, n), layout);
    const sum = result.reduce((total, circle) => total + circle.r, 0);
    if (sum > bestSum) [best, bestSum] = [result, sum];
  }
  return best!;
}

/** A restart's starting packing: random centres, or a grid or lattice jittered by the restart's random source. */
function startOf(start: 'random' | 'grid' | 'hexagonal', random: RandomSource, n: number): Circle[] {
  const jitter = (centre: Centre): Circle => ({
    x: clamp(centre.x + (random() - 0.5) * 0.04),
    y: clamp(centre.y + (random() - 0.5) * 0.04),
    r: 0.05,
  });
  if (start === 'grid') return gridCentres(5, 6, false, n).map(jitter);
  if (start === 'hexagonal') return hexagonalCentres([5, 6, 5, 6, 4], 1, n).map(jitter);
  return Array.from({ length: n }, () => ({ x: 0.1 + 0.8 * random(), y: 0.1 + 0.8 * random(), r: 0.05 }));
}

/** A hill climb: move one centre by up to `step`, refit every radius, keep the move if the sum grew (seeded, like a program's own seed). */
function perturbed(start: readonly Circle[], moves: number, step: number): Circle[] {
  const random = createSeededRandom(7);
  let circles = checkPacking(start, start.length).valid ? [...start] : fitRadii(start);
  let sum = circles.reduce((total, circle) => total + circle.r, 0);
  for (let move = 0; move < moves; move++) {
    const index = Math.floor(random() * circles.length);
    const centres = circles.map(({ x, y }, position) =>
      position === index ? { x: clamp(x + (random() * 2 - 1) * step), y: clamp(y + (random() * 2 - 1) * step) } : { x, y },
    );
    const candidate = fitRadii(centres);
    const candidateSum = candidate.reduce((total, circle) => total + circle.r, 0);
    if (candidateSum > sum) [circles, sum] = [candidate, candidateSum];
  }
  return circles;
}
