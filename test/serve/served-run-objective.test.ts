import { afterAll, describe, expect, it } from 'vitest';
import { createServeApp } from '../../src/serve/create-serve-app.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-serve-objective-');
const apps: { close(): Promise<unknown> }[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function served(dataDirectory: string | null = null) {
  const made = await createServeApp({ dataDirectory });
  apps.push(made.app);
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await made.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    const json = String(response.headers['content-type']).startsWith('application/json');
    return { status: response.statusCode, body: (json ? JSON.parse(response.body) : response.body) as Record<string, unknown> & string };
  };
  return { ...made, call };
}

const programs = {
  a: { plan: 'Gradient boosting on the raw features.', code: 'import xgboost as xgb\nmodel = xgb.XGBRegressor()' },
  b: { plan: 'Ridge regression on standardised features.', code: 'from sklearn.linear_model import Ridge\nmodel = Ridge(alpha=1.0)' },
  c: { plan: 'A random forest.', code: 'from sklearn.ensemble import RandomForestRegressor\nmodel = RandomForestRegressor()' },
};

describe("a served run speaks the host's language (#34)", () => {
  it("a minimised metric: shaping ranks the lowest RMSE first, and the export keeps the host's values and direction", async () => {
    const { call } = await served();
    expect((await call('POST', '/runs', { id: 'rmse', objective: { direction: 'minimize', name: 'rmse' } })).status).toBe(201);
    for (const [id, value] of [
      ['a', 3.2],
      ['b', 1.7],
      ['c', 2.4],
    ] as const) {
      expect((await call('POST', '/runs/rmse/admit', { id, ...programs[id] })).status).toBe(200);
      expect((await call('POST', '/runs/rmse/observe', { node: { id, ...programs[id] }, outcome: { valid: true, value } })).status).toBe(
        200,
      );
    }
    const selection = await call('POST', '/runs/rmse/select', {
      candidates: [
        { id: 'a', value: 3.2 },
        { id: 'b', value: 1.7 },
        { id: 'c', value: 2.4 },
      ],
      valueRange: { min: 1.7, max: 3.2 },
    });
    expect(selection.status).toBe(200);
    expect(selection.body.chosen).toEqual(['b']);
    const values = selection.body.values as unknown as Record<string, number>;
    expect(values.b).toBeGreaterThan(values.c!);
    expect(values.c).toBeGreaterThan(values.a!);
    expect((await call('GET', '/runs/rmse')).body.objective).toEqual({ direction: 'minimize', name: 'rmse' });
    const exported = (await call('GET', '/runs/rmse/export')).body as string;
    const lines = exported
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(JSON.stringify(lines)).toContain('"maximize":false');
    expect(JSON.stringify(lines)).toContain('"rmse"');
    // The host's own numbers, not the negated ones shaping read.
    expect(JSON.stringify(lines)).toContain('1.7');
    expect(JSON.stringify(lines)).not.toContain('-1.7');
  });

  it('takes the direction from the first outcome that names one, refuses a contradicting one with 422 naming the field, and keeps it across a restart', async () => {
    const data = `${directory}/data`;
    const first = await served(data);
    expect((await first.call('POST', '/runs', { id: 'aide' })).status).toBe(201);
    expect((await first.call('GET', '/runs/aide')).body.objective).toEqual({ direction: null, name: null });
    await first.call('POST', '/runs/aide/admit', { id: 'a', ...programs.a });
    // AIDE's MetricValue carries its own direction.
    expect(
      (
        await first.call('POST', '/runs/aide/observe', {
          node: { id: 'a', ...programs.a },
          outcome: { valid: true, value: 3.2, direction: 'minimize' },
        })
      ).status,
    ).toBe(200);
    const refused = await first.call('POST', '/runs/aide/observe', {
      node: { id: 'b', ...programs.b },
      outcome: { valid: true, value: 0.9, direction: 'maximize' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ field: 'outcome.direction' });
    expect(refused.body.error).toMatch(/minimize \(from the outcome of node "a"\)/);
    // A refused call is not logged: the restarted service has the direction and one observed node.
    await first.app.close();
    const second = await served(data);
    const summary = (await second.call('GET', '/runs/aide')).body as unknown as { objective: unknown; observed: { valid: number } };
    expect(summary.objective).toEqual({ direction: 'minimize', name: null });
    expect(summary.observed.valid).toBe(1);
  });

  it('an outcome may name an admitted node by its id alone (ShinkaEvolve learns fitness later); an unknown id is refused', async () => {
    const { call } = await served();
    expect((await call('POST', '/runs', { id: 'shinka' })).status).toBe(201);
    await call('POST', '/runs/shinka/admit', { id: 'p1', ...programs.c, parents: [null] });
    expect((await call('POST', '/runs/shinka/observe', { node: { id: 'p1' }, outcome: { valid: true, value: 0.8 } })).status).toBe(200);
    expect((await call('GET', '/runs/shinka')).body.observed).toEqual({ valid: 1, invalid: 0 });
    const exported = (await call('GET', '/runs/shinka/export')).body as string;
    expect(exported).toContain('RandomForestRegressor');
    const unknown = await call('POST', '/runs/shinka/observe', { node: { id: 'never-admitted' }, outcome: { valid: true, value: 0.1 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ field: 'node.plan' });
    expect(unknown.body.error).toMatch(/never-admitted/);
  });

  it('host parents as the hosts keep them: one id, a list with a null, or null', async () => {
    const { call } = await served();
    expect((await call('POST', '/runs', { id: 'tree' })).status).toBe(201);
    await call('POST', '/runs/tree/observe', { node: { id: 'root', ...programs.a, parents: null }, outcome: { valid: true, value: 0.5 } });
    await call('POST', '/runs/tree/observe', {
      node: { id: 'child', ...programs.b, parents: 'root' },
      outcome: { valid: true, value: 0.6 },
    });
    await call('POST', '/runs/tree/observe', {
      node: { id: 'grandchild', ...programs.c, parents: ['child', null] },
      outcome: { valid: true, value: 0.7 },
    });
    const exported = (await call('GET', '/runs/tree/export')).body as string;
    const episodes = exported
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; id: string; parentEpisodeId?: string | null });
    const parentOf = Object.fromEntries(
      episodes.filter((line) => line.type === 'episode').map((episode) => [episode.id, episode.parentEpisodeId]),
    );
    expect(parentOf).toEqual({ root: null, child: 'root', grandchild: 'child' });
    const bad = await call('POST', '/runs/tree/admit', { id: 'x', ...programs.a, parents: 7 });
    expect(bad.status).toBe(400);
  });
});
