import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  episodeFeasibility,
  impact,
  impactReference,
  InvalidFieldError,
  readTaskCard,
  runFeasibility,
  type Episode,
  type Run,
} from '../../src/index.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

function episode(index: number, score: number, maximize: boolean, failedAttempts = 0): Episode {
  return {
    id: `e${index}`,
    runId: 'r',
    index,
    steps: { first: index, last: index },
    plan: '',
    code: '',
    summary: null,
    score,
    maximize,
    failedAttempts,
    parentEpisodeId: null,
    otherParentEpisodeIds: [],
    timestamps: { start: null, end: null },
    nodeIds: [`e${index}`],
    operators: [],
    flags: [],
    metadata: {},
  };
}

describe('impact', () => {
  it('is 0 at the baseline and 1 at top-1 when maximising', () => {
    const reference = { baseline: 0.5, top1: 0.9, maximize: true, source: 'task-card' as const };
    expect(impact(0.5, reference)).toBe(0);
    expect(impact(0.9, reference)).toBe(1);
    expect(impact(0.7, reference)).toBeCloseTo(0.5, 12);
    expect(impact(0.3, reference)).toBeCloseTo(-0.5, 12);
  });

  it('honours a metric to minimise: a lower score has the higher impact', () => {
    const reference = { baseline: 4.0, top1: 3.0, maximize: false, source: 'task-card' as const };
    expect(impact(3.5, reference)).toBeCloseTo(0.5, 12);
    expect(impact(2.5, reference)).toBeCloseTo(1.5, 12);
    expect(impact(4.5, reference)).toBeCloseTo(-0.5, 12);
  });

  it('is undefined (null) when top-1 equals the baseline', () => {
    expect(impact(1, { baseline: 1, top1: 1, maximize: true, source: 'run-relative' })).toBeNull();
  });

  it("takes run-relative defaults from the first and the best episode, in the metric's direction", () => {
    expect(impactReference([episode(0, 3, false), episode(1, 2, false), episode(2, 4, false)])).toEqual({
      baseline: 3,
      top1: 2,
      maximize: false,
      source: 'run-relative',
    });
    expect(impactReference([episode(0, 0.6, true), episode(1, 0.8, true)])).toMatchObject({ baseline: 0.6, top1: 0.8 });
    expect(impactReference([])).toBeNull();
  });

  it('prefers the task card', () => {
    const card = { task: 't', metric: 'rmse', maximize: false, baseline: 9, top1: 3 };
    expect(impactReference([episode(0, 5, false)], card)).toEqual({ baseline: 9, top1: 3, maximize: false, source: 'task-card' });
  });
});

describe('feasibility', () => {
  it('counts episodes over all attempts, and failed attempts per episode', () => {
    const run = {
      episodes: [episode(0, 1, true, 2), episode(1, 1, true)],
      infeasibleAttempts: [{ id: 'x', runId: 'r', plan: '', steps: { first: 0, last: 0 }, nodeIds: ['x'], parentEpisodeId: null }],
    } as unknown as Run;
    expect(runFeasibility(run)).toEqual({ episodes: 2, infeasibleAttempts: 1, rate: 2 / 3, failedAttemptsInEpisodes: 2 });
    expect(episodeFeasibility(0)).toBe(1);
    expect(episodeFeasibility(3)).toBe(0.25);
    expect(runFeasibility({ episodes: [], infeasibleAttempts: [] } as unknown as Run).rate).toBeNull();
  });
});

describe('task cards', () => {
  const directory = useTemporaryDirectory();
  const write = (name: string, value: unknown) => {
    const path = join(directory, name);
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
    return path;
  };

  it('reads a valid card', async () => {
    const card = { task: 'boston', metric: 'rmse', maximize: false, baseline: 9.2, top1: 3.1 };
    expect(await readTaskCard(write('ok.json', card))).toEqual(card);
  });

  it('names the field that is wrong', async () => {
    await expect(readTaskCard(write('missing.json', { task: 'b', metric: 'm', maximize: true, baseline: 0 }))).rejects.toThrow(
      /missing\.json at \$\.top1/,
    );
    await expect(readTaskCard(write('direction.json', { task: 'b', metric: 'm', maximize: true, baseline: 1, top1: 0.5 }))).rejects.toThrow(
      /at \$\.top1: top1 must be better than baseline/,
    );
    await expect(readTaskCard(write('type.json', { task: 'b', metric: 'm', maximize: 'yes', baseline: 1, top1: 2 }))).rejects.toSatisfy(
      (error: unknown) => InvalidFieldError.isInstance(error) && (error as InvalidFieldError).location === '$.maximize',
    );
    await expect(readTaskCard(write('broken.json', '{"task":'))).rejects.toThrow(/invalid JSON/);
  });
});
