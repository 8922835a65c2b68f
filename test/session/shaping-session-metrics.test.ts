import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { ShapingSession } from '../../src/session/shaping-session.js';
import { ShapingSessionSpecSchema, type ShapingSessionSpecInput } from '../../src/session/shaping-session-spec.js';

const runOf = (spec: ShapingSessionSpecInput) => new ShapingSession(ShapingSessionSpecSchema.parse(spec));
const ridge = (alpha: number) =>
  `from sklearn.linear_model import Ridge\nfrom sklearn.preprocessing import StandardScaler\nmodel = Ridge(alpha=${alpha})\nmodel.fit(StandardScaler().fit_transform(X), y)\n`;

describe("a served run's middleware metrics (#33)", () => {
  it('defaults: the gate reads unique-code, the schedule code-nearest-neighbour, admit answers nearest-neighbour', () => {
    const spec = ShapingSessionSpecSchema.parse({ id: 'r', gate: {}, adaptive: {} });
    expect(spec).toMatchObject({
      metric: 'nearest-neighbour',
      gate: { metric: 'unique-code', threshold: 0.01 },
      adaptive: { metric: 'code-nearest-neighbour' },
    });
  });

  it('the default gate rejects a re-proposal of an earlier program and admits a change of one setting', async () => {
    const run = runOf({ id: 'gated', gate: {} });
    const first = { id: 'a', plan: 'Ridge on standardised features.', code: ridge(1) };
    expect((await run.admit(first)).accepted).toBe(true);
    await run.observe(first, { valid: true, value: 0.5 });
    // Another penalty: the code's embedding ignores numbers (its novelty is 0), but it is not the same program.
    const tweak = await run.admit({ id: 'b', plan: 'Ridge with a smaller penalty.', code: ridge(0.1) });
    expect(tweak.accepted).toBe(true);
    expect(tweak.scores['code-nearest-neighbour']).toBeCloseTo(0, 6);
    await run.observe({ id: 'b', plan: 'Ridge with a smaller penalty.', code: ridge(0.1) }, { valid: true, value: 0.6 });
    // The first program again, its plan rewritten and a comment added.
    const again = await run.admit({
      id: 'c',
      plan: 'Go back to the stronger penalty, which generalised more smoothly.',
      code: `${ridge(1)}# as before\n`,
    });
    expect(again).toMatchObject({ accepted: false, rejectedBy: 'novelty-gate' });
  });

  it('a middleware metric the scorer lacks is refused, naming the field', () => {
    expect(() => runOf({ id: 'bad', gate: { metric: 'no-such-metric' } })).toThrow(InvalidOptionsError);
    expect(() => runOf({ id: 'bad', gate: { metric: 'no-such-metric' } })).toThrow(/gate\.metric/);
    expect(() => runOf({ id: 'bad', adaptive: { metric: 'no-such-metric' } })).toThrow(/adaptive\.metric/);
  });
});
