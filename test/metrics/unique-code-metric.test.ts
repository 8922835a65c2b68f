import { describe, expect, it } from 'vitest';
import { uniqueCodeMetric } from '../../src/index.js';
import { replay } from '../fakes/vector-candidates.js';

const episode = (id: string, code: string) => ({ id, plan: 'p', code, vector: Float32Array.of(1, 0), concepts: [] });

describe('uniqueCodeMetric', () => {
  it('scores 1 for new code and 0 for code an earlier episode ran, comments and whitespace aside', () => {
    const scores = replay(uniqueCodeMetric(), [
      episode('a', 'x = 1\n'),
      episode('b', 'x = 1  # same\n'),
      episode('c', 'x = 2\n'),
      episode('d', '\nx=2'),
      episode('e', 'y = 1'),
    ]);
    expect(scores).toEqual([1, 0, 1, 0, 1]);
  });
});
