import { describe, expect, it } from 'vitest';
import { cellDiscoveryCurve, qualityDiversityScore, runQualityDiversity } from '../../src/quality-diversity/archive-measures.js';
import type { Descriptors } from '../../src/quality-diversity/descriptors.js';
import { qualityDiversityArchive } from '../../src/quality-diversity/quality-diversity-archive.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import type { CellDiscoveredEvent, EliteReplacedEvent } from '../../src/shaping/shaping-events.js';
import type { Selection, Selector } from '../../src/shaping/selector.js';
import { wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, scriptedRandom } from '../shaping/shaping-fixtures.js';

/** Descriptors reading the cell from the plan ("cell A"), so tests choose cells directly. */
const planCells: Descriptors = {
  specificationVersion: 'v1',
  axes: ['cell'],
  describe: ({ plan }) => ({ key: plan.replace('cell ', ''), values: [plan.replace('cell ', '')] }),
};
const node = (id: string, cell: string) => ({ id, plan: `cell ${cell}`, code: `print("${id}")` });
const greedy: Selector<string> = (request): Selection<string> => {
  const best = request.candidates.reduce((kept, candidate) =>
    (candidate.value ?? -Infinity) > (kept.value ?? -Infinity) ? candidate : kept,
  );
  return { action: 'improve', chosen: [best] };
};

async function archiveWith(nodes: readonly [string, string, number | null][], options: Parameters<typeof qualityDiversityArchive>[0] = {}) {
  const archive = qualityDiversityArchive({ descriptors: planCells, ...options });
  const shaped = wrapSelector({ selector: greedy, middleware: [archive] });
  const discovered: CellDiscoveredEvent[] = [];
  const replaced: EliteReplacedEvent[] = [];
  shaped.events.on('cell-discovered', (event) => discovered.push(event));
  shaped.events.on('elite-replaced', (event) => replaced.push(event));
  for (const [id, cell, value] of nodes) {
    await shaped.admit(node(id, cell));
    await shaped.observe(node(id, cell), { valid: value !== null, value });
  }
  return { archive, shaped, discovered, replaced };
}

describe('qualityDiversityArchive', () => {
  it('keeps the best node of each cell: an elite is replaced only by a better node of its own cell', async () => {
    const { archive, discovered, replaced } = await archiveWith([
      ['a1', 'A', 0.5],
      ['b1', 'B', 0.2],
      ['a2', 'A', 0.4],
      ['a3', 'A', 0.7],
      ['b2', 'B', null],
      ['c1', 'C', 0.9],
    ]);
    expect(archive.cells().map(({ key, eliteId, eliteValue, discoveredAt }) => ({ key, eliteId, eliteValue, discoveredAt }))).toEqual([
      { key: 'A', eliteId: 'a3', eliteValue: 0.7, discoveredAt: 1 },
      { key: 'B', eliteId: 'b1', eliteValue: 0.2, discoveredAt: 2 },
      { key: 'C', eliteId: 'c1', eliteValue: 0.9, discoveredAt: 5 },
    ]);
    expect(discovered.map((event) => [event.cell, event.id, event.cells])).toEqual([
      ['A', 'a1', 1],
      ['B', 'b1', 2],
      ['C', 'c1', 3],
    ]);
    expect(replaced).toEqual([{ cell: 'A', previousId: 'a1', previousValue: 0.5, id: 'a3', value: 0.7 }]);
    expect(archive.coverage).toBe(3);
  });

  it('computes coverage and QD-score as by hand', async () => {
    const { archive } = await archiveWith([
      ['a', 'A', 0.5],
      ['b', 'B', 0.2],
      ['c', 'C', 0.9],
    ]);
    // Against [0, 1]: 0.5 + 0.2 + 0.9; against the elites' own range [0.2, 0.9]: 3/7 + 0 + 1.
    expect(archive.qdScore({ min: 0, max: 1 })).toBeCloseTo(1.6, 12);
    expect(archive.qdScore()).toBeCloseTo(3 / 7 + 1, 12);
    expect(qualityDiversityScore([{ eliteValue: 2 }], { min: 0, max: 1 })).toBe(1);
    expect(qualityDiversityScore([])).toBe(0);
    expect(cellDiscoveryCurve(['A', 'B', 'A', 'C', 'B'])).toEqual([1, 2, 2, 3, 3]);
  });

  it('measures a finished run as if every episode had entered one archive', () => {
    // Cell A's best impact 0.7 (0.2 then 0.7), B's 1.4 clipped to 1, C has no impact: QD-score 1.7 over 3 cells.
    const run = runQualityDiversity(['A', 'A', 'B', 'C', 'B'], [0.2, 0.7, 1.4, null, -0.5]);
    expect(run.coverage).toBe(3);
    expect(run.qdScore).toBeCloseTo(1.7, 12);
    expect(run.discovery).toEqual([1, 1, 2, 3, 3]);
    expect(runQualityDiversity(['A', 'B'], [null, null])).toEqual({ coverage: 2, qdScore: null, discovery: [1, 2] });
    expect(runQualityDiversity([], [])).toEqual({ coverage: 0, qdScore: null, discovery: [] });
  });

  it("replaces the host's parent by an elite of a cell drawn by (quality + alpha) / sqrt(visits + 1)", async () => {
    // Elites a (0.5, quality 0.5), b (0.2, quality 0), c (0.9, quality 1); alpha 1 → weights 1.5, 1, 2 of 4.5.
    const { shaped, archive } = await archiveWith(
      [
        ['a', 'A', 0.5],
        ['b', 'B', 0.2],
        ['c', 'C', 0.9],
      ],
      { bestShare: 0, random: scriptedRandom([0.4, 0.54, 0.99]) },
    );
    const offer = () => shaped({ candidates: candidates({ a: 0.5, b: 0.2, c: 0.9, other: 0.95 }), random: forbiddenRandom });
    // 0.4 × 4.5 = 1.8 falls past a's 1.5 into b's [1.5, 2.5).
    expect((await offer()).chosen.map((chosen) => chosen.id)).toEqual(['b']);
    // b visited once: weights 1.5, 1/√2, 2 (total 4.207); 0.54 × 4.207 = 2.27 is past b's [1.5, 2.21), so c (without
    // the visit it would have been b's [1.5, 2.5) at 0.54 × 4.5 = 2.43).
    expect((await offer()).chosen.map((chosen) => chosen.id)).toEqual(['c']);
    // 0.99 lands on the last cell, c.
    expect((await offer()).chosen.map((chosen) => chosen.id)).toEqual(['c']);
    expect(Object.fromEntries(archive.cells().map((cell) => [cell.key, cell.visits]))).toEqual({ A: 0, B: 1, C: 2 });
  });

  it('draws cells as often as their weights say (a seeded frequency test)', async () => {
    // A fresh archive per draw (no visits yet), all drawing from one seeded stream: each draw falls on a cell with
    // probability weight / total = (quality + 1) / 4.5, qualities 0.5, 0 and 1.
    const random = createSeededRandom(7);
    const counts = new Map<string, number>();
    const draws = 2000;
    for (let draw = 0; draw < draws; draw += 1) {
      const { shaped } = await archiveWith(
        [
          ['a', 'A', 0.5],
          ['b', 'B', 0.2],
          ['c', 'C', 0.9],
        ],
        { bestShare: 0, random },
      );
      const { chosen } = await shaped({ candidates: candidates({ a: 0.5, b: 0.2, c: 0.9 }), random: forbiddenRandom });
      counts.set(chosen[0]!.id, (counts.get(chosen[0]!.id) ?? 0) + 1);
    }
    for (const [id, share] of Object.entries({ a: 1.5 / 4.5, b: 1 / 4.5, c: 2 / 4.5 })) {
      // Four binomial standard errors of this sample size: a false alarm about once in 16,000 seeds.
      const tolerance = 4 * Math.sqrt((share * (1 - share)) / draws);
      expect(Math.abs(counts.get(id)! / draws - share), id).toBeLessThan(tolerance);
    }
  });

  it('gives the best cell at least bestShare of the draws (default 0.75), the rest by the weights', async () => {
    // Weights alone: a 1.5, b 1, c 2 of 4.5 (c 44 %). With bestShare 0.75, c's weight becomes 3 × (1.5 + 1) = 7.5,
    // 75 % of 10; a and b keep 15 % and 10 %. A share the weights already give is left alone (bestShare 0.3).
    for (const [bestShare, expected] of [
      [undefined, { a: 0.15, b: 0.1, c: 0.75 }],
      [0.3, { a: 1.5 / 4.5, b: 1 / 4.5, c: 2 / 4.5 }],
    ] as const) {
      const random = createSeededRandom(11);
      const counts = new Map<string, number>();
      const draws = 2000;
      for (let draw = 0; draw < draws; draw += 1) {
        const { shaped } = await archiveWith(
          [
            ['a', 'A', 0.5],
            ['b', 'B', 0.2],
            ['c', 'C', 0.9],
          ],
          { ...(bestShare === undefined ? {} : { bestShare }), random },
        );
        const { chosen } = await shaped({ candidates: candidates({ a: 0.5, b: 0.2, c: 0.9 }), random: forbiddenRandom });
        counts.set(chosen[0]!.id, (counts.get(chosen[0]!.id) ?? 0) + 1);
      }
      for (const [id, share] of Object.entries(expected)) {
        const tolerance = 4 * Math.sqrt((share * (1 - share)) / draws);
        expect(Math.abs((counts.get(id) ?? 0) / draws - share), `${id} at bestShare ${bestShare}`).toBeLessThan(tolerance);
      }
    }
    // bestShare 1: always the best cell.
    const always = await archiveWith(
      [
        ['a', 'A', 0.5],
        ['b', 'B', 0.2],
        ['c', 'C', 0.9],
      ],
      { bestShare: 1, random: createSeededRandom(3) },
    );
    for (let draw = 0; draw < 20; draw += 1) {
      expect(
        (await always.shaped({ candidates: candidates({ a: 0.5, b: 0.2, c: 0.9 }), random: forbiddenRandom })).chosen.map(
          (chosen) => chosen.id,
        ),
      ).toEqual(['c']);
    }
  });

  it('picks two parents of a crossover from two cells, and lets drafts, debug choices and the archive off pass', async () => {
    const pair: Selector<string> = (request) => ({ action: 'crossover', chosen: request.candidates.slice(0, 2) });
    const archive = qualityDiversityArchive({ descriptors: planCells, random: createSeededRandom(1) });
    const shaped = wrapSelector({ selector: pair, middleware: [archive] });
    for (const [id, cell, value] of [
      ['a', 'A', 0.5],
      ['b', 'B', 0.2],
      ['a2', 'A', 0.1],
    ] as const) {
      await shaped.admit(node(id, cell));
      await shaped.observe(node(id, cell), { valid: true, value });
    }
    for (let draw = 0; draw < 20; draw += 1) {
      const { chosen } = await shaped({ candidates: candidates({ a2: 0.1, a: 0.5, b: 0.2 }), random: forbiddenRandom });
      expect(chosen.map((candidate) => candidate.id).sort()).toEqual(['a', 'b']);
    }
    const draft: Selector<string> = () => ({ action: 'draft', chosen: [] });
    const drafting = wrapSelector({
      selector: draft,
      middleware: [qualityDiversityArchive({ descriptors: planCells, random: forbiddenRandom })],
    });
    expect((await drafting({ candidates: candidates({ a: 0.5 }), random: forbiddenRandom })).action).toBe('draft');
    const off = await archiveWith(
      [
        ['a', 'A', 0.5],
        ['c', 'C', 0.9],
      ],
      { strength: 0, random: forbiddenRandom },
    );
    expect(
      (await off.shaped({ candidates: candidates({ a: 0.5, c: 0.9 }), random: forbiddenRandom })).chosen.map((chosen) => chosen.id),
    ).toEqual(['c']);
  });

  it("passes the host's choice when fewer archived cells are on offer than parents are needed; one cell needs no draw", async () => {
    const { shaped } = await archiveWith([['a', 'A', 0.5]], { random: forbiddenRandom });
    const pair: Selector<string> = (request) => ({ action: 'crossover', chosen: request.candidates.slice(0, 2) });
    const crossing = wrapSelector({
      selector: pair,
      middleware: [qualityDiversityArchive({ descriptors: planCells, random: forbiddenRandom })],
    });
    expect(
      (await crossing({ candidates: candidates({ x: 0.5, y: 0.2 }), random: forbiddenRandom })).chosen.map((chosen) => chosen.id),
    ).toEqual(['x', 'y']);
    expect(
      (await shaped({ candidates: candidates({ a: 0.5, z: 0.8 }), random: forbiddenRandom })).chosen.map((chosen) => chosen.id),
    ).toEqual(['a']);
  });

  it('refuses bad options, naming the option', () => {
    expect(() => qualityDiversityArchive({ alpha: -1 })).toThrow(/alpha/);
    expect(() => qualityDiversityArchive({ strength: 2 })).toThrow(/strength/);
    expect(() => qualityDiversityArchive({ bestShare: 1.5 })).toThrow(/bestShare/);
    expect(() => qualityDiversityArchive({ descriptors: {} as never })).toThrow(/descriptors/);
  });
});
