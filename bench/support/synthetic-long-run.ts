import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandTrajectoryInputs, importTrajectory } from '../../adapters/trajectory/index.js';
import type { Episode } from '../../src/episode/episode.js';
import { createSeededRandom } from '../../src/random/random-source.js';

/** `../shared/data/trajectories` beside the project (developer machines and CI only). */
export const sharedTrajectories = join(resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'data'), 'trajectories');

/** Every episode of the shared trajectories, in file and run order; empty when they are absent. */
export async function loadSharedEpisodes(): Promise<Episode[]> {
  const inputs = await expandTrajectoryInputs([sharedTrajectories]).catch(() => []);
  const episodes: Episode[] = [];
  for (const input of inputs) for (const run of await importTrajectory(input)) episodes.push(...run.episodes);
  return episodes;
}

/** Copy number `copy` as letters only (`variant_q`, `variant_r`, ...), so masking numbers cannot make two copies equal. */
const suffix = (copy: number) => `variant_${copy.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!)}`;

/** Node `index` of the synthetic long run (see `syntheticLongRun`), made on its own so a long run need not be held whole. */
export function syntheticNode(episodes: readonly Episode[], index: number): { id: string; plan: string; code: string } {
  const episode = episodes[index % episodes.length]!;
  const copy = Math.floor(index / episodes.length);
  return { id: `node-${index}`, plan: `${episode.plan} ${suffix(copy)}`, code: `${episode.code}\n${suffix(copy)} = model` };
}

/**
 * The long synthetic run the scoring benchmarks share: `count` episodes `node-0` … cycling through `episodes`, each
 * copy's plan and code suffixed with its copy name so no two are identical.
 */
export function syntheticLongRun(episodes: readonly Episode[], count: number): { id: string; plan: string; code: string }[] {
  return Array.from({ length: count }, (_, index) => syntheticNode(episodes, index));
}

/**
 * Parents for the first `count` nodes of the synthetic run, AIDE-like from a fixed seed: half the previous node, a third
 * one of the latest 64, the rest any earlier node; null for the first. The judge benchmarks share it.
 */
export function syntheticParents(count: number): (string | null)[] {
  const random = createSeededRandom(20261203);
  return Array.from({ length: count }, (_, index) => {
    const draw = random();
    if (index === 0) return null;
    const parent = draw < 0.5 ? index - 1 : draw < 0.83 ? Math.max(0, index - 1 - Math.floor(random() * 64)) : Math.floor(random() * index);
    return `node-${parent}`;
  });
}
