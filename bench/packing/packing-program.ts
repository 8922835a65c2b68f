import { z } from 'zod';
import { stableJson } from '../env/stable-json.js';

/**
 * The discrete grid of each packing paradigm's settings (ordered, so a refinement steps to an adjacent value):
 * the constructor programs the peers' agents write first (concentric rings, a square grid, a hexagonal lattice,
 * greedy placement) and numerical optimisation from random starts, the paradigm their runs switch to late.
 */
export const packingSpace = {
  rings: {
    /** Circles on the first ring around the centre circle; the rest go to the outer rings in proportion to their length. */
    inner: [5, 6, 7, 8, 9],
    layers: [2, 3],
    /** Distance between consecutive rings. */
    spacing: [0.12, 0.14, 0.16, 0.18, 0.2, 0.22],
    /** Angular offset of every other ring, in steps of the ring's spacing. */
    twist: [0, 0.25, 0.5],
  },
  grid: {
    rows: [4, 5, 6],
    cols: [4, 5, 6, 7],
    /** Shift every other row by half a cell. */
    stagger: [false, true],
  },
  hexagonal: {
    /** Circles per row, bottom to top (26 in all). */
    rows: ['5,6,5,6,4', '6,5,6,5,4', '5,5,5,5,6', '6,6,7,7', '4,5,4,5,4,4', '5,6,5,5,5'],
    /** Fraction of the square the lattice spans. */
    span: [0.9, 0.95, 1],
  },
  greedy: {
    /** Candidate points per side of the grid each placement searches. */
    resolution: [20, 40, 80],
    /** Where the first circle goes. */
    first: ['centre', 'corner', 'edge'],
  },
  optimiser: {
    /** Where each restart begins. */
    start: ['random', 'grid', 'hexagonal'],
    restarts: [1, 2, 4],
    iterations: [500, 1000, 2000, 3000],
    stages: [3, 4, 5, 6],
    learningRate: [0.003, 0.01, 0.03],
  },
} as const;

/** One of the packing paradigms. */
export type PackingParadigm = keyof typeof packingSpace;

/** The paradigms, in the order of `packingSpace`. */
export const packingParadigms = Object.keys(packingSpace) as PackingParadigm[];

const ring = z.strictObject({
  paradigm: z.literal('rings'),
  inner: z.number().int().min(1),
  layers: z.number().int().min(1),
  spacing: z.number().gt(0),
  twist: z.number().min(0).max(1),
});
const grid = z.strictObject({
  paradigm: z.literal('grid'),
  rows: z.number().int().min(1),
  cols: z.number().int().min(1),
  stagger: z.boolean(),
});
const hexagonal = z.strictObject({
  paradigm: z.literal('hexagonal'),
  rows: z.string().regex(/^\d+(,\d+)*$/),
  span: z.number().gt(0).max(1),
});
const greedy = z.strictObject({
  paradigm: z.literal('greedy'),
  resolution: z.number().int().min(2),
  first: z.enum(['centre', 'corner', 'edge']),
});
const optimiser = z.strictObject({
  paradigm: z.literal('optimiser'),
  start: z.enum(['random', 'grid', 'hexagonal']),
  restarts: z.number().int().min(1),
  iterations: z.number().int().min(1),
  stages: z.number().int().min(1),
  learningRate: z.number().gt(0),
  /** Seed of the random starts (a program's own `np.random.seed`). */
  seed: z.number().int().min(0),
});

/** The layout half of a program: a paradigm and its settings. */
export const PackingLayoutSchema = z.discriminatedUnion('paradigm', [ring, grid, hexagonal, greedy, optimiser]);

/**
 * A circle-packing program: a layout, how radii are set for a constructor's centres (`fitted`: each as large as it
 * can be; `uniform`: one radius, `radiusFactor` × half the closest spacing, which overlaps above 1), and two
 * components an agent can add on top: a local optimisation `polish` of the layout and a `perturb` hill climb.
 */
export const PackingProgramSchema = z.strictObject({
  layout: PackingLayoutSchema,
  radii: z.enum(['fitted', 'uniform']),
  radiusFactor: z.number().gt(0),
  polish: z.strictObject({ iterations: z.number().int().min(1) }).nullable(),
  perturb: z.strictObject({ moves: z.number().int().min(1), step: z.number().gt(0) }).nullable(),
});

/** A circle-packing program: see `PackingProgramSchema`. */
export type PackingProgram = z.infer<typeof PackingProgramSchema>;
/** The layout of a program: see `PackingLayoutSchema`. */
export type PackingLayout = z.infer<typeof PackingLayoutSchema>;

/** The grid of the settings shared by every paradigm (radii, polish, perturb), ordered like `packingSpace`. */
export const programSpace = {
  radii: ['fitted', 'uniform'],
  radiusFactor: [0.9, 0.95, 1, 1.02, 1.05],
  polish: [null, { iterations: 300 }, { iterations: 1000 }, { iterations: 3000 }],
  perturb: [null, { moves: 100, step: 0.02 }, { moves: 400, step: 0.02 }, { moves: 400, step: 0.005 }],
} as const;

/** A stable key of a program (keys sorted at every level), equal for equal programs. */
export function packingProgramKey(program: PackingProgram): string {
  return stableJson(program);
}
