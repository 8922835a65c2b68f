import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { readEpisodesJsonl } from '../../src/episode/episode-jsonl.js';
import { runCli } from '../support/run-cli.js';
import { createServeApp } from '../../src/serve/create-serve-app.js';
import { ServedRuns } from '../../src/serve/served-runs.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-serve-');

const ideas = [
  ['Gradient boosting on the raw features.', 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()'],
  ['Ridge regression on standardised features.', 'from sklearn.linear_model import Ridge\nmodel = Ridge(alpha=1.0)'],
  ['A small MLP with Adam and early stopping.', 'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU())'],
  [
    'Gradient boosting with target encoding.',
    'import lightgbm as lgb\nfrom sklearn.preprocessing import TargetEncoder\nmodel = lgb.LGBMRegressor(n_estimators=300)',
  ],
] as const;
const node = (index: number) => ({
  id: `n${index}`,
  plan: ideas[index % ideas.length]![0],
  code: `${ideas[index % ideas.length]![1]}\n# step ${index}`,
});

const apps: { close(): Promise<unknown> }[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function served(dataDirectory: string | null = null, token: string | null = null) {
  const made = await createServeApp({ dataDirectory, token });
  apps.push(made.app);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await made.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  return { ...made, call };
}

describe('boden serve, in process', () => {
  it('creates a run, admits and observes nodes, shapes a selection and summarises the run', async () => {
    const { call } = await served();
    expect((await call('POST', '/runs', { id: 'r1', bonus: { strength: 0.5 }, adaptive: { patience: 2 } })).status).toBe(201);
    const first = await call('POST', '/runs/r1/admit', { ...node(0), operator: 'draft' });
    expect(first).toMatchObject({ status: 200, body: { id: 'n0', accepted: true, novelty: 1, nearest: [] } });
    expect(first.body.concepts).toEqual(expect.arrayContaining(['lightgbm']));
    expect((await call('POST', '/runs/r1/observe', { node: node(0), outcome: { valid: true, value: 0.7 } })).body).toEqual({ ok: true });
    const repeat = await call('POST', '/runs/r1/admit', { ...node(4), operator: 'improve' });
    expect(repeat.body.novelty as number).toBeLessThan(0.2);
    expect(repeat.body.nearest).toEqual(['n0']);
    await call('POST', '/runs/r1/observe', { node: node(4), outcome: { valid: true, value: 0.71 } });
    const selection = await call('POST', '/runs/r1/select', {
      candidates: [
        { id: 'n0', value: 0.7, children: 1 },
        { id: 'n4', value: 0.71, children: 0 },
      ],
    });
    expect(selection.status).toBe(200);
    expect(selection.body).toMatchObject({ action: 'improve', removed: [], exploration: { mode: 'exploit' } });
    // The bonus rewrote the values onto [0, 1] plus novelty: the first node (novelty 1, one child) gains 0.5 / 2.
    expect((selection.body.values as Record<string, number>).n0).toBeCloseTo(0 + 0.5 * 1 * 0.5, 6);
    const summary = await call('GET', '/runs/r1');
    expect(summary.body).toMatchObject({ id: 'r1', admitted: 2, observed: { valid: 2, invalid: 0 }, mode: 'exploit', bonusStrength: 0.5 });
    expect((await call('GET', '/runs')).body.runs).toHaveLength(1);
    expect((await call('DELETE', '/runs/r1')).status).toBe(200);
    // Gone, and saying so: a closed run is not an unknown one.
    expect(await call('GET', '/runs/r1')).toMatchObject({ status: 410, body: { error: expect.stringContaining('run "r1" is closed') } });
    expect((await call('GET', '/runs/never')).status).toBe(404);
  });

  it('answers a bad request with 400 naming the field, an unknown run with 404, a taken id with 409, never a stack', async () => {
    const { call } = await served();
    const badSpec = await call('POST', '/runs', { id: 'has space' });
    expect(badSpec.status).toBe(400);
    expect(badSpec.body.field).toBe('id');
    expect((await call('POST', '/runs', { id: 'r', bonus: { strenght: 1 } })).body.error).toMatch(/bonus.*strenght/);
    await call('POST', '/runs', { id: 'r' });
    expect((await call('POST', '/runs', { id: 'r' })).status).toBe(409);
    const badNode = await call('POST', '/runs/r/admit', { id: 'n', plan: 'p' });
    expect(badNode).toMatchObject({ status: 400, body: { field: 'code' } });
    const badOutcome = await call('POST', '/runs/r/observe', { node: node(0), outcome: { valid: 'yes' } });
    expect(badOutcome).toMatchObject({ status: 400, body: { field: 'outcome.valid' } });
    expect((await call('POST', '/runs/nope/admit', node(0))).status).toBe(404);
    expect((await call('GET', '/no/such/endpoint')).status).toBe(404);
    const notJson = await (await served()).app.inject({
      method: 'POST',
      url: '/runs',
      payload: '{"id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    for (const body of [badSpec.body, badNode.body, notJson.json()]) expect(JSON.stringify(body)).not.toMatch(/\\n +at /);
  });

  it('with a token, refuses every request without it', async () => {
    const { call } = await served(null, 'a-long-secret');
    expect((await call('GET', '/health')).status).toBe(401);
    expect((await call('GET', '/health', undefined, { authorization: 'Bearer a-long-secret' })).status).toBe(200);
  });

  it('applies concurrent calls on one run one at a time, logs every acknowledged one, and replays to the same state', async () => {
    const data = join(directory, 'concurrent');
    const { call, runs } = await served(data);
    await call('POST', '/runs', { id: 'busy', adaptive: {}, bonus: {} });
    // Twenty clients at once, each admitting then observing its own node.
    await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        expect((await call('POST', '/runs/busy/admit', node(index))).status).toBe(200);
        expect(
          (await call('POST', '/runs/busy/observe', { node: node(index), outcome: { valid: index % 5 !== 0, value: index / 20 } })).status,
        ).toBe(200);
      }),
    );
    const live = (await call('GET', '/runs/busy')).body;
    expect(live).toMatchObject({ admitted: 20, observed: { valid: 16, invalid: 4 } });
    const lines = readFileSync(join(data, 'busy.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(lines.map((line) => line.type).filter((type) => type === 'admit')).toHaveLength(20);
    expect(lines.map((line) => line.type).filter((type) => type === 'observe')).toHaveLength(20);
    const replayed = await ServedRuns.open(data);
    expect(replayed.summary('busy')).toEqual(live);
    expect(await replayed.exportJsonLines('busy')).toEqual(await runs.exportJsonLines('busy'));
    await replayed.shutdown();
  });
  it('drops a torn last record (a write a crash cut short, never acknowledged), says so, and appends after it cleanly', async () => {
    const data = join(directory, 'torn');
    const runs = await ServedRuns.open(data);
    await runs.create({ id: 'torn' });
    await runs.admit('torn', node(0));
    await runs.observe('torn', { node: node(0), outcome: { valid: true, value: 1 } });
    await runs.shutdown();
    appendFileSync(join(data, 'torn.jsonl'), '{"type":"admit","node":{"id":"n1","pl');
    const reopened = await ServedRuns.open(data);
    expect(reopened.tornTails).toEqual(['torn']);
    expect(reopened.summary('torn')).toMatchObject({ admitted: 1, observed: { valid: 1, invalid: 0 } });
    await reopened.admit('torn', node(1));
    await reopened.shutdown();
    const again = await ServedRuns.open(data);
    expect(again.tornTails).toEqual([]);
    expect(again.summary('torn')).toMatchObject({ admitted: 2 });
    await again.shutdown();
  });
  it('applies a retried call with the same Idempotency-Key once, before and after a restart', async () => {
    const data = join(directory, 'idempotent');
    const { call } = await served(data);
    await call('POST', '/runs', { id: 'retry' });
    const headers = { 'idempotency-key': 'admit-n0-attempt' };
    const [first, again] = await Promise.all([
      call('POST', '/runs/retry/admit', node(0), headers),
      call('POST', '/runs/retry/admit', node(0), headers),
    ]);
    expect(again).toEqual(first);
    await call('POST', '/runs/retry/observe', { node: node(0), outcome: { valid: true, value: 1 } }, { 'idempotency-key': 'observe-n0' });
    await call('POST', '/runs/retry/observe', { node: node(0), outcome: { valid: true, value: 1 } }, { 'idempotency-key': 'observe-n0' });
    expect((await call('GET', '/runs/retry')).body).toMatchObject({ admitted: 1, observed: { valid: 1, invalid: 0 } });
    const restarted = await served(data);
    expect(await restarted.call('POST', '/runs/retry/admit', node(0), headers)).toEqual(first);
    expect((await restarted.call('GET', '/runs/retry')).body).toMatchObject({ admitted: 1 });
    // Without a key the same node is another call.
    await restarted.call('POST', '/runs/retry/admit', node(0));
    expect((await restarted.call('GET', '/runs/retry')).body).toMatchObject({ admitted: 2 });
    expect((await restarted.call('POST', '/runs/retry/admit', node(1), { 'idempotency-key': '' })).status).toBe(400);
  });
  it('keeps the log of every closed run, also when an id is created and closed again', async () => {
    const data = join(directory, 'closing');
    const runs = await ServedRuns.open(data);
    for (let round = 0; round < 2; round += 1) {
      await runs.create({ id: 'again' });
      await runs.admit('again', node(round));
      await runs.close('again');
    }
    await runs.shutdown();
    expect(readdirSync(data).sort()).toEqual(['again.closed-2.jsonl', 'again.closed.jsonl']);
    expect(readFileSync(join(data, 'again.closed.jsonl'), 'utf8')).toContain('"id":"n0"');
    expect(readFileSync(join(data, 'again.closed-2.jsonl'), 'utf8')).toContain('"id":"n1"');
    // Closed logs are not replayed.
    const reopened = await ServedRuns.open(data);
    expect(reopened.ids()).toEqual([]);
    await reopened.shutdown();
  });
  it('exports the observed tree as episode JSON lines that `boden score` reads, a failed attempt folded into its episode', async () => {
    const { app, call } = await served();
    await call('POST', '/runs', { id: 'tree', gate: { threshold: 0.5 } });
    const steps = [
      { node: { ...node(0), operator: 'draft' }, outcome: { valid: true, value: 0.6 } },
      { node: { ...node(1), operator: 'draft' }, outcome: { valid: true, value: 0.5 } },
      // An improvement of n0 that crashed, then its fix.
      { node: { ...node(2), operator: 'improve', parents: ['n0'] }, outcome: { valid: false } },
      { node: { ...node(3), operator: 'debug', parents: ['n2'] }, outcome: { valid: true, value: 0.8 } },
      // A draft that never ran: an infeasible attempt.
      { node: { ...node(6), operator: 'draft' }, outcome: { valid: false } },
    ];
    for (const step of steps) {
      expect((await call('POST', '/runs/tree/admit', step.node)).body.accepted).toBe(true);
      await call('POST', '/runs/tree/observe', step);
    }
    // A near-copy of n0 the gate rejects, never observed: not in the export.
    expect((await call('POST', '/runs/tree/admit', { ...node(4), parents: ['n0'] })).body.accepted).toBe(false);
    const response = await app.inject({ method: 'GET', url: '/runs/tree/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/x-ndjson/);
    const file = join(directory, 'tree.jsonl');
    writeFileSync(file, response.body);
    const [stored] = await readEpisodesJsonl(file);
    const run = stored!.run;
    expect(run).toMatchObject({ id: 'tree', nodeCount: 5, metric: { name: 'value', maximize: true } });
    expect(run.episodes.map((episode) => [episode.id, episode.parentEpisodeId, episode.nodeIds, episode.score])).toEqual([
      ['n0', null, ['n0'], 0.6],
      ['n1', null, ['n1'], 0.5],
      ['n3', 'n0', ['n2', 'n3'], 0.8],
    ]);
    // The episode's plan is the one that began it (the improvement's), its code the fix's.
    expect(run.episodes[2]).toMatchObject({ plan: node(2).plan, code: node(3).code, failedAttempts: 1, operators: ['improve'] });
    expect(run.infeasibleAttempts.map((attempt) => attempt.nodeIds)).toEqual([['n6']]);
    const scored = await runCli(['score', file, '--json']);
    expect(scored.code).toBe(0);
    const lines = scored.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; scores?: Record<string, number | null> });
    expect(lines.filter((line) => line.type === 'episode')).toHaveLength(3);
    expect(lines.find((line) => line.type === 'episode')!.scores).toBeDefined();
    expect((await call('GET', '/runs/nope/export')).status).toBe(404);
  });

  it('answers an export whose parents form a cycle with 422 naming the nodes, not a crash', async () => {
    const { app, call } = await served();
    await call('POST', '/runs', { id: 'loop' });
    await call('POST', '/runs/loop/observe', { node: { ...node(0), parents: ['n1'] }, outcome: { valid: true, value: 1 } });
    await call('POST', '/runs/loop/observe', { node: { ...node(1), parents: ['n0'] }, outcome: { valid: false } });
    const response = await app.inject({ method: 'GET', url: '/runs/loop/export' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ error: string }>().error).toMatch(/boden-serve:loop.*n[01]/);
  });

  it("serves Prometheus metrics: requests by route and status, their latency, each run's nodes by state", async () => {
    const { app, call } = await served();
    await call('POST', '/runs', { id: 'watched', gate: { threshold: 0.5 } });
    await call('POST', '/runs/watched/admit', node(0));
    await call('POST', '/runs/watched/observe', { node: node(0), outcome: { valid: true, value: 1 } });
    await call('POST', '/runs/watched/admit', node(4));
    await call('POST', '/runs/watched/admit', { id: 'x' });
    await call('POST', '/runs/other-id/admit', node(1));
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // Counted by the route's pattern, so two runs' calls share one series.
    expect(text).toContain('boden_serve_requests_total{method="POST",route="/runs/:id/admit",status="200"} 2');
    expect(text).toContain('boden_serve_requests_total{method="POST",route="/runs/:id/admit",status="400"} 1');
    expect(text).toContain('boden_serve_requests_total{method="POST",route="/runs/:id/admit",status="404"} 1');
    expect(text).toContain('boden_serve_request_duration_seconds_count{method="POST",route="/runs/:id/observe"} 1');
    expect(text).toContain('boden_serve_runs 1');
    expect(text).toContain('boden_serve_run_nodes{run="watched",state="admitted"} 1');
    expect(text).toContain('boden_serve_run_nodes{run="watched",state="rejected"} 1');
    expect(text).toContain('boden_serve_run_nodes{run="watched",state="valid"} 1');
    // A second app in the same process starts from zero.
    const fresh = await (await served()).app.inject({ method: 'GET', url: '/metrics' });
    expect(fresh.body).not.toContain('route="/runs/:id/admit"');
  });

  it("streams a run's shaping events to every follower as server-sent events, and ends the streams when the run closes", async () => {
    const { app, call } = await served();
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    await call('POST', '/runs', { id: 'live', gate: { threshold: 0.5 }, adaptive: { patience: 1, window: 1 }, bonus: {} });
    const follow = async () => {
      const response = await fetch(`${base}/runs/live/events`);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      // The stream opens with a comment: from then on the follower hears every event.
      let text = (await reader.read()).value ?? '';
      expect(text).toMatch(/^: following run live/);
      const rest = (async () => {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
        return text
          .split('\n\n')
          .filter((block) => block.startsWith('event: '))
          .map((block) => {
            const [eventLine, dataLine] = block.split('\n');
            return {
              event: eventLine!.slice('event: '.length),
              data: JSON.parse(dataLine!.slice('data: '.length)) as Record<string, unknown>,
            };
          });
      })();
      // Wrapped: an async function returning the promise itself would wait for the stream's end.
      return { events: rest };
    };
    const [first, second] = [(await follow()).events, (await follow()).events];
    await call('POST', '/runs/live/admit', node(0));
    await call('POST', '/runs/live/observe', { node: node(0), outcome: { valid: true, value: 0.5 } });
    await call('POST', '/runs/live/admit', node(4));
    await call('POST', '/runs/live/select', { candidates: [{ id: 'n0', value: 0.5 }] });
    // A near-copy that does not improve: the run stalls and the schedule switches to explore.
    await call('POST', '/runs/live/observe', { node: node(8), outcome: { valid: true, value: 0.5 } });
    await call('DELETE', '/runs/live');
    const events = await first;
    expect(await second).toEqual(events);
    expect(events.map((event) => event.event)).toEqual([
      'node-scored',
      'candidate-rejected',
      'node-scored',
      'selection-made',
      'mode-changed',
      'closed',
    ]);
    expect(events[4]!.data).toMatchObject({ from: 'exploit', to: 'explore', reason: 'stagnation' });
    expect(events[0]!.data).toMatchObject({ id: 'n0', accepted: true });
    expect(events[1]!.data).toMatchObject({ id: 'n4', reason: 'near-duplicate', nearest: ['n0'] });
    expect(events[3]!.data).toMatchObject({ chosen: ['n0'] });
    expect(events[5]!.data).toMatchObject({ id: 'live', admitted: 1, rejected: 1, mode: 'explore' });
    expect((await fetch(`${base}/runs/live/events`)).status).toBe(410);
  });

  it('ends open event streams when the service stops, so stopping never waits on a follower', async () => {
    const { app, call } = await served();
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    await call('POST', '/runs', { id: 'open' });
    const response = await fetch(`${base}/runs/open/events`);
    const reader = response.body!.getReader();
    await reader.read();
    await app.close();
    // The stream ends (done) instead of hanging; vitest's own timeout is the only clock here.
    let chunk = await reader.read();
    while (!chunk.done) chunk = await reader.read();
    expect(chunk.done).toBe(true);
  });

  it('answers every scorer metric at admit, and with judge "rubric" the cheap judge\'s verdict against the valid nodes', async () => {
    const { call } = await served();
    await call('POST', '/runs', { id: 'judged', judge: 'rubric' });
    const first = (await call('POST', '/runs/judged/admit', node(0))).body as {
      scores: Record<string, number | null>;
      verdict: { score: number; judge: string };
    };
    expect(Object.keys(first.scores)).toEqual(expect.arrayContaining(['nearest-neighbour', 'centroid', 'concept-set', 'unique-code']));
    expect(first.verdict.judge).toBe('rubric-v1');
    await call('POST', '/runs/judged/observe', { node: node(0), outcome: { valid: true, value: 0.5 } });
    const copy = (await call('POST', '/runs/judged/admit', node(4))).body as {
      novelty: number;
      scores: Record<string, number>;
      verdict: { score: number };
    };
    const newIdea = (await call('POST', '/runs/judged/admit', node(2))).body as {
      scores: Record<string, number>;
      verdict: { score: number };
    };
    expect(copy.scores['nearest-neighbour']).toBe(copy.novelty);
    expect(copy.verdict.score).toBe(0);
    expect(newIdea.verdict.score).toBeGreaterThanOrEqual(2);
    // Without a judge the verdict is null.
    await call('POST', '/runs', { id: 'unjudged' });
    expect((await call('POST', '/runs/unjudged/admit', node(0))).body.verdict).toBeNull();
  });

  it('with qd, answers select with elites of concept cells, summarises the archive, and a restart replays it to the same state', async () => {
    const data = join(directory, 'archive');
    const { call, runs } = await served(data);
    expect((await call('POST', '/runs', { id: 'qd', descriptors: { axes: ['paradigm'] }, qd: { seed: 7 } })).status).toBe(201);
    // Four ideas: boosting, ridge, an MLP and boosting again (a better elite for the tree-ensemble cell).
    for (let index = 0; index < 4; index += 1) {
      await call('POST', '/runs/qd/admit', node(index));
      await call('POST', '/runs/qd/observe', { node: node(index), outcome: { valid: true, value: [0.5, 0.2, 0.3, 0.9][index] } });
    }
    const summary = (await call('GET', '/runs/qd')).body as {
      qualityDiversity: { axes: string[]; coverage: number; cells: { key: string; eliteId: string }[] };
    };
    expect(summary.qualityDiversity.axes).toEqual(['paradigm']);
    expect(summary.qualityDiversity.cells.map((cell) => [cell.key, cell.eliteId])).toEqual([
      ['tree-ensemble', 'n3'],
      ['linear', 'n1'],
      ['neural-network', 'n2'],
    ]);
    // The host's greedy choice would be n3 every time; the archive spreads its choices over the three cells' elites.
    const candidates = [0, 1, 2, 3].map((index) => ({ id: `n${index}`, value: [0.5, 0.2, 0.3, 0.9][index]! }));
    const chosen = new Set<string>();
    for (let round = 0; round < 12; round += 1) {
      const selection = (await call('POST', '/runs/qd/select', { candidates })).body as { chosen: string[] };
      expect(['n1', 'n2', 'n3']).toContain(selection.chosen[0]);
      chosen.add(selection.chosen[0]!);
    }
    expect(chosen.size).toBeGreaterThan(1);
    const live = runs.summary('qd');
    const replayed = await ServedRuns.open(data);
    expect(replayed.summary('qd')).toEqual(live);
    // Same visits and the same random stream: the next choice is the same in both.
    expect(await replayed.select('qd', { candidates })).toEqual(await runs.select('qd', { candidates }));
    await replayed.shutdown();
    // Without qd the summary says so.
    await call('POST', '/runs', { id: 'plain' });
    expect((await call('GET', '/runs/plain')).body.qualityDiversity).toBeNull();
  });

  it("answers every admission with the node's cell and its axes as numbers, under the run's descriptors", async () => {
    const { call } = await served();
    await call('POST', '/runs', { id: 'cells', descriptors: { axes: ['paradigm'], embeddingClusters: { clusters: 4 } } });
    const cells = [];
    for (const index of [0, 1, 2, 3])
      cells.push(
        (
          (await call('POST', '/runs/cells/admit', node(index))).body as {
            cell: { key: string; values: string[]; metrics: Record<string, number> };
          }
        ).cell,
      );
    expect(cells[0]!.values[0]).toBe('tree-ensemble');
    expect(cells.map((cell) => cell.metrics.boden_paradigm)).toEqual([0, 1, 2, 0]); // boosting, ridge, MLP, boosting again
    expect(Object.keys(cells[0]!.metrics)).toEqual(['boden_paradigm', 'boden_embedding_cluster']);
    expect(cells[0]!.key).toBe(cells[0]!.values.join(' | '));
    // Without descriptors: the default concept axes.
    await call('POST', '/runs', { id: 'default-cells' });
    const plain = (await call('POST', '/runs/default-cells/admit', node(0))).body as { cell: { metrics: Record<string, number> } };
    expect(Object.keys(plain.cell.metrics)).toEqual(['boden_paradigm', 'boden_feature_engineering', 'boden_validation']);
    expect((await call('POST', '/runs', { id: 'bad', descriptors: { axes: ['colour'] } })).status).toBe(400);
  });
});
