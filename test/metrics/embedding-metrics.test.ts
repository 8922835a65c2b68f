import { describe, expect, it } from 'vitest';
import { centroidMetric } from '../../src/metrics/centroid-metric.js';
import { graphInsertionMetric } from '../../src/metrics/graph-insertion-metric.js';
import { meanDistanceMetric } from '../../src/metrics/mean-distance-metric.js';
import { nearestNeighbourMetric } from '../../src/metrics/nearest-neighbour-metric.js';
import { InvalidOptionsError } from '../../src/index.js';
import { candidate, replay } from '../fakes/vector-candidates.js';

// Three episodes on known directions: e0 = x, e1 = y, e2 = (x + y)/√2, e3 = x again.
const episodes = [candidate('e0', [1, 0, 0]), candidate('e1', [0, 1, 0]), candidate('e2', [1, 1, 0]), candidate('e3', [1, 0, 0])];
const half = Math.SQRT1_2;

describe('nearest-neighbour', () => {
  it('is 1 − the highest cosine similarity to an earlier episode, 1 for the first', () => {
    const scores = replay(nearestNeighbourMetric(), episodes);
    expect(scores[0]).toBe(1);
    expect(scores[1]).toBeCloseTo(1, 6); // orthogonal
    expect(scores[2]).toBeCloseTo(1 - half, 6);
    expect(scores[3]).toBeCloseTo(0, 6); // a repeat of e0
  });
});

describe('centroid', () => {
  it('is 1 − the cosine similarity to the mean of the earlier vectors', () => {
    const scores = replay(centroidMetric(), episodes);
    expect(scores[0]).toBe(1);
    expect(scores[1]).toBeCloseTo(1, 6); // mean = x
    expect(scores[2]).toBeCloseTo(0, 6); // mean of x and y points along e2
    // mean of x, y, e2 ∝ (1 + h, 1 + h, 0): at 45°, so cos to x = √½.
    expect(scores[3]).toBeCloseTo(1 - half, 6);
  });
});

describe('mean-distance', () => {
  it('is the average cosine distance to every earlier episode', () => {
    const scores = replay(meanDistanceMetric(), episodes);
    expect(scores[0]).toBe(1);
    expect(scores[1]).toBeCloseTo(1, 6);
    expect(scores[2]).toBeCloseTo(1 - half, 6); // (1 − h + 1 − h) / 2
    expect(scores[3]).toBeCloseTo((0 + 1 + (1 - half)) / 3, 6);
  });
});

describe('graph-insertion', () => {
  it('is 1 / (1 + edges to earlier episodes at or above the threshold)', () => {
    expect(replay(graphInsertionMetric({ threshold: 0.7 }), episodes)).toEqual([1, 1, expect.closeTo(1 / 3, 6), expect.closeTo(1 / 3, 6)]);
    // e3 = e0 exactly; with a strict threshold only that edge counts.
    expect(replay(graphInsertionMetric({ threshold: 0.99 }), episodes)).toEqual([1, 1, 1, expect.closeTo(0.5, 6)]);
  });

  it('names a bad option', () => {
    expect(() => graphInsertionMetric({ threshold: 2 })).toThrow(InvalidOptionsError);
    expect(() => graphInsertionMetric({ threshold: 2 })).toThrow(/graphInsertionMetric: threshold/);
  });
});
