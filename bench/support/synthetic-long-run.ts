import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expandTrajectoryInputs, importTrajectory } from 'boden/adapters/trajectory';
import { type Episode, createSeededRandom } from 'boden';

/** `../shared/data/trajectories` beside the project (developer machines and CI only). */
export const sharedTrajectories = join(
  resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'data'),
  'trajectories',
);

/** Every episode of the shared trajectories, in file and run order; empty when they are absent. */
export async function loadSharedEpisodes(): Promise<Episode[]> {
  const inputs = await expandTrajectoryInputs([sharedTrajectories]).catch(() => []);
  const episodes: Episode[] = [];
  for (const input of inputs) for (const run of await importTrajectory(input)) episodes.push(...run.episodes);
  return episodes;
}

/** Copy number `copy` as letters only (`variant_q`, `variant_r`, ...), so masking numbers cannot make two copies equal. */
const suffix = (copy: number) => `variant_${copy.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)]!)}`;

/**
 * The share of a copy's non-blank code lines edited (the copy's name appended, so the line is new to the run). Past
 * their first eight episodes (a long run's steady state, beyond the drafts) the shared runs carry 80 % of an episode's
 * code characters over from earlier episodes of the same run and bring 29 new non-blank lines each (`carriedOver`); a
 * 10,300-node synthetic run edited at this rate carries over 78 % and brings 26, so what a run has seen before (memos,
 * the judge's line history) earns in the benchmarks about what it would in a real run, not the 100 % of unedited copies.
 */
export const editedLineShare = 0.25;

/** Node `index` of the synthetic long run (see `syntheticLongRun`), made on its own so a long run need not be held whole. */
export function syntheticNode(episodes: readonly Episode[], index: number): { id: string; plan: string; code: string } {
  const episode = episodes[index % episodes.length]!;
  const copy = Math.floor(index / episodes.length);
  const code = copy === 0 ? episode.code : editLines(episode.code, index, suffix(copy));
  return { id: `node-${index}`, plan: `${episode.plan} ${suffix(copy)}`, code: `${code}\n${suffix(copy)} = model` };
}

/**
 * `code` with `editedLineShare` of its non-blank lines (drawn from a seed of `index`) ending in ` * name_<a-h>`: new
 * lines but few new names (eight a copy), as an edit mostly recombines names the run has.
 */
function editLines(code: string, index: number, name: string): string {
  const random = createSeededRandom(index);
  return code
    .split('\n')
    .map((line, number) => (line.trim() !== '' && random() < editedLineShare ? `${line} * ${name}_${'abcdefgh'[number % 8]!}` : line))
    .join('\n');
}

/** How much of each episode's code the earlier episodes of its run already had (from the `fromEpisode`-th of each run on). */
export interface CarriedOver {
  /** Share of the code characters (newlines counted) in lines an earlier episode of the run has. */
  readonly share: number;
  /** Mean number of non-blank lines new to the run, per episode. */
  readonly newLinesPerEpisode: number;
}

/** What a memo of a run's lines could skip: see `CarriedOver`. */
export function carriedOver(runs: readonly (readonly { code: string }[])[], fromEpisode = 0): CarriedOver {
  let carried = 0;
  let all = 0;
  let newLines = 0;
  let episodes = 0;
  for (const run of runs) {
    const seen = new Set<string>();
    run.forEach((episode, index) => {
      const lines = episode.code.split('\n');
      if (index >= fromEpisode) {
        episodes += 1;
        for (const line of lines) {
          all += line.length + 1;
          if (seen.has(line)) carried += line.length + 1;
          else if (line.trim() !== '') newLines += 1;
        }
      }
      for (const line of lines) seen.add(line);
    });
  }
  return { share: all === 0 ? 0 : carried / all, newLinesPerEpisode: episodes === 0 ? 0 : newLines / episodes };
}

/**
 * The long synthetic run the scoring benchmarks share: `count` episodes `node-0` … cycling through `episodes`, each
 * copy's plan and code suffixed with its copy name so no two are identical, and a share of each later copy's lines
 * edited (`editedLineShare`).
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
