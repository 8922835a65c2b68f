import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { kNearestSparsitySource } from '../../src/shaping/k-nearest-sparsity-source.js';

// A fake embedder: each plan names an angle in degrees; its vector is the unit vector at that angle.
const angleEmbedder = {
  embedOne: ({ plan }: { plan: string }) => {
    const radians = (Number(plan) * Math.PI) / 180;
    return Float32Array.of(Math.cos(radians), Math.sin(radians));
  },
};
const node = (degrees: number, id = `at-${degrees}`) => ({ id, plan: String(degrees), code: '' });
// Cosine distance of two unit vectors `degrees` apart.
const distance = (degrees: number) => 1 - Math.cos((degrees * Math.PI) / 180);

describe('kNearestSparsitySource', () => {
  it('is the mean distance to the k nearest valid nodes, 1 before any, and excludes invalid nodes', async () => {
    const source = kNearestSparsitySource({ k: 2, embedder: angleEmbedder });
    expect((await source.assess(node(0))).novelty).toBe(1);
    for (const degrees of [0, 90, 180]) {
      await source.assess(node(degrees));
      await source.observe(node(degrees), { valid: true, value: 0.5 });
    }
    await source.assess(node(45, 'buggy'));
    await source.observe(node(45, 'buggy'), { valid: false, value: null });
    // 60° from 0 and from 90 (the two nearest), 120° from 180: the mean of the two nearest.
    expect((await source.assess(node(60))).novelty).toBeCloseTo((distance(60) + distance(30)) / 2, 6);
  });

  it('answers current novelty against the archive as it is now, never counting a node as its own neighbour', async () => {
    const source = kNearestSparsitySource({ k: 1, embedder: angleEmbedder });
    await source.assess(node(0));
    await source.observe(node(0), { valid: true, value: 1 });
    const candidate = node(90);
    expect((await source.assess(candidate)).novelty).toBeCloseTo(distance(90), 6);
    await source.observe(candidate, { valid: true, value: 1 });
    // It joined the archive: still 90° from its nearest other node.
    expect(await source.currentNovelty!(candidate.id)).toBeCloseTo(distance(90), 6);
    await source.assess(node(80));
    await source.observe(node(80), { valid: true, value: 1 });
    // A neighbour 10° away arrived: the candidate's current novelty fell, its admission novelty did not.
    expect(await source.currentNovelty!(candidate.id)).toBeCloseTo(distance(10), 6);
    expect(source.assessment(candidate.id)!.novelty).toBeCloseTo(distance(90), 6);
  });

  it('refuses a bad k, naming it', () => {
    expect(() => kNearestSparsitySource({ k: 0 })).toThrow(InvalidOptionsError);
    expect(() => kNearestSparsitySource({ k: 0 })).toThrow(/k/);
  });
});
