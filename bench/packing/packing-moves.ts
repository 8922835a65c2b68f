import type { RandomSource } from 'boden';
import { adjacentValue, pickValue, pickWeighted } from '../support/grid-values.js';
import {
  packingParadigms,
  packingSpace,
  programSpace,
  type PackingLayout,
  type PackingParadigm,
  type PackingProgram,
} from './packing-program.js';

/** A uniformly random point of one paradigm's grid (an optimiser's seed drawn too). */
export function sampleLayout(paradigm: PackingParadigm, random: RandomSource): PackingLayout {
  const grid = packingSpace[paradigm] as Record<string, readonly unknown[]>;
  const layout = Object.fromEntries([
    ['paradigm', paradigm],
    ...Object.entries(grid).map(([key, values]) => [key, pickValue(values, random)]),
  ]);
  if (paradigm === 'optimiser') layout.seed = Math.floor(random() * 1000);
  return layout as PackingLayout;
}

/** What a first program looks like: fitted radii at their natural size, no components. */
export function draftProgram(layout: PackingLayout): PackingProgram {
  return { layout, radii: 'fitted', radiusFactor: 1, polish: null, perturb: null };
}

/** A paradigm drawn from `prior` without `excluded` (from the unweighted ones, then all, when nothing is left). */
export function drawParadigm(
  prior: Partial<Record<PackingParadigm, number>>,
  random: RandomSource,
  excluded: ReadonlySet<PackingParadigm> = new Set(),
): PackingParadigm {
  const weighted = packingParadigms.filter((paradigm) => (prior[paradigm] ?? 0) > 0 && !excluded.has(paradigm));
  const unweighted = packingParadigms.filter((paradigm) => (prior[paradigm] ?? 0) <= 0 && !excluded.has(paradigm));
  if (weighted.length === 0) return pickValue(unweighted.length > 0 ? unweighted : packingParadigms, random);
  return pickWeighted(weighted, (paradigm) => prior[paradigm]!, random);
}

/**
 * A refinement: one setting of the layout, or the radius factor, moved to an adjacent grid value (an optimiser's
 * seed re-drawn counts too: "try another seed" is a refinement real agents make).
 */
export function refineProgram(program: PackingProgram, random: RandomSource): PackingProgram {
  if (random() < 0.2) return { ...program, radiusFactor: adjacentValue(programSpace.radiusFactor, program.radiusFactor, random) };
  const grid = packingSpace[program.layout.paradigm] as Record<string, readonly unknown[]>;
  const keys = Object.keys(grid);
  if (program.layout.paradigm === 'optimiser' && random() < 1 / (keys.length + 1))
    return { ...program, layout: { ...program.layout, seed: Math.floor(random() * 1000) } };
  const key = pickValue(keys, random);
  const layout = {
    ...program.layout,
    [key]: adjacentValue(grid[key]!, (program.layout as Record<string, unknown>)[key], random),
  } as PackingLayout;
  return { ...program, layout };
}

/** A component a packing program can add on top: see `addComponent`. */
export type PackingComponent = 'perturb' | 'fitted' | 'polish';

/**
 * A new component on top of the program, drawn by `prior` among those it lacks: a `polish` (numerical optimisation
 * of the layout) or `perturb` (hill climb) step switched on, or uniform radii made `fitted`; with `avoid`, among
 * those not in it while any is left; a refinement when it has them all.
 */
export function addComponent(
  program: PackingProgram,
  prior: Readonly<Record<PackingComponent, number>>,
  random: RandomSource,
  avoid?: ReadonlySet<PackingComponent>,
): PackingProgram {
  const moves: [PackingComponent, number, () => PackingProgram][] = [];
  if (program.polish === null)
    moves.push([
      'polish',
      prior.polish,
      () => ({
        ...program,
        polish: pickValue(
          programSpace.polish.filter((value) => value !== null),
          random,
        ),
      }),
    ]);
  if (program.perturb === null)
    moves.push([
      'perturb',
      prior.perturb,
      () => ({
        ...program,
        perturb: pickValue(
          programSpace.perturb.filter((value) => value !== null),
          random,
        ),
      }),
    ]);
  if (program.radii === 'uniform' && program.layout.paradigm !== 'optimiser')
    moves.push(['fitted', prior.fitted, () => ({ ...program, radii: 'fitted' })]);
  const untried = avoid === undefined ? moves : moves.filter(([component]) => !avoid.has(component));
  const open = untried.some(([, weight]) => weight > 0) ? untried : moves;
  if (open.reduce((sum, [, weight]) => sum + weight, 0) <= 0) return refineProgram(program, random);
  return pickWeighted(open, ([, weight]) => weight, random)[2]();
}

/** The components a program has on (`addComponent`'s names); fitted radii count only where a constructor sets them. */
export function componentsOfProgram(program: PackingProgram): Set<PackingComponent> {
  const on = new Set<PackingComponent>();
  if (program.polish !== null) on.add('polish');
  if (program.perturb !== null) on.add('perturb');
  if (program.radii === 'fitted' && program.layout.paradigm !== 'optimiser') on.add('fitted');
  return on;
}

/** The same components around a layout of another paradigm, drawn from the prior without `excluded` and the current one. */
export function switchParadigm(
  program: PackingProgram,
  prior: Partial<Record<PackingParadigm, number>>,
  random: RandomSource,
  excluded: ReadonlySet<PackingParadigm> = new Set(),
): PackingProgram {
  const paradigm = drawParadigm(prior, random, new Set([...excluded, program.layout.paradigm]));
  return { ...program, layout: sampleLayout(paradigm, random) };
}

/** What a debugging agent changes in a program whose packing was invalid: radii back to touching, then fitted. */
export function repairProgram(program: PackingProgram): PackingProgram {
  if (program.radiusFactor > 1) return { ...program, radiusFactor: 1 };
  return { ...program, radii: 'fitted', radiusFactor: Math.min(1, program.radiusFactor) };
}

/** A crossover: the layout of either parent with each other setting from either parent. */
export function crossPrograms(first: PackingProgram, second: PackingProgram, random: RandomSource): PackingProgram {
  const from = () => (random() < 0.5 ? first : second);
  return { layout: from().layout, radii: from().radii, radiusFactor: from().radiusFactor, polish: from().polish, perturb: from().perturb };
}
