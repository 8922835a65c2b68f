import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSeededRandom } from '../../src/random/random-source.js';
import { ServedRuns } from '../../src/serve/served-runs.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { startServeProcess } from '../support/serve-process.js';

const directory = useTemporaryDirectory('boden-serve-kill-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const plans = [
  'Gradient boosting on raw features.',
  'Ridge on standardised features.',
  'An MLP with Adam.',
  'k nearest neighbours on scaled features.',
];
const codes = [
  'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=N)',
  'from sklearn.linear_model import Ridge\nRidge(alpha=N)',
  'import torch\nnet = torch.nn.Linear(8, N)',
  'from sklearn.neighbors import KNeighborsRegressor\nKNeighborsRegressor(N)',
];
const node = (client: number, index: number) => ({
  id: `c${client}-n${index}`,
  plan: plans[(client + index) % 4]!,
  code: codes[(client * 3 + index) % 4]!.replace('N', String(index + 1)),
});

/** One call of a client: what it sends, with its Idempotency-Key. */
interface Call {
  readonly type: 'admit' | 'observe' | 'select';
  readonly body: Record<string, unknown>;
  readonly key: string;
}

/** The client's `index`-th call: admit, then observe, and every third node a select over its last nodes. */
function callOf(client: number, step: number): Call {
  const index = Math.floor(step / 3);
  const phase = step % 3;
  const key = `c${client}-s${step}`;
  if (phase === 0) return { type: 'admit', body: node(client, index), key };
  if (phase === 1)
    return {
      type: 'observe',
      body: { node: node(client, index), outcome: { valid: index % 5 !== 3, value: ((index * 37) % 11) / 10 } },
      key,
    };
  return {
    type: 'select',
    body: {
      candidates: Array.from({ length: Math.min(index + 1, 4) }, (_, back) => ({
        id: node(client, index - back).id,
        value: ((index - back) % 7) / 7,
        children: back,
      })),
    },
    key,
  };
}

async function send(url: string, run: string, call: Call): Promise<unknown> {
  const response = await fetch(`${url}/runs/${run}/${call.type}`, {
    method: 'POST',
    body: JSON.stringify(call.body),
    headers: { 'content-type': 'application/json', 'idempotency-key': call.key },
  });
  if (response.status !== 200) throw new Error(`${call.type} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The call applied to the in-memory control, answering what the service answers. */
async function applyTo(control: ServedRuns, run: string, call: Call): Promise<unknown> {
  if (call.type === 'admit') return control.admit(run, call.body as never);
  if (call.type === 'observe') return control.observe(run, call.body as never).then(() => ({ ok: true }));
  return control.select(run, call.body as never);
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('boden serve under kill -9 with 8 clients', () => {
  it('holds every acknowledged call after each of 3 kills at a seeded moment, and the restarted state equals a replay of the acknowledged calls', async () => {
    const data = join(directory, 'data');
    const random = createSeededRandom(36);
    const clients = 8;
    const control = await ServedRuns.open(null);
    const steps = Array.from({ length: clients }, () => 0);
    let server = await startServeProcess(['--data', data], children);
    for (let client = 0; client < clients; client += 1) {
      const spec = {
        id: `c${client}`,
        bonus: { strength: 0.5 },
        adaptive: { patience: 2 },
        ...(client % 2 === 0 ? { gate: { threshold: 0.05 }, judge: 'rubric' as const } : {}),
      };
      expect(
        (await fetch(`${server.url}/runs`, { method: 'POST', body: JSON.stringify(spec), headers: { 'content-type': 'application/json' } }))
          .status,
      ).toBe(201);
      await control.create(spec);
    }
    let acknowledgedInAll = 0;
    const cut = { logged: 0, lost: 0 };
    for (let round = 0; round < 3; round += 1) {
      const killAfter = 40 + Math.floor(random() * 160);
      let acknowledged = 0;
      let killed = false;
      const inFlight: (Call | undefined)[] = Array.from({ length: clients }, () => undefined);
      const lastAdmit: ({ call: Call; answer: unknown } | undefined)[] = Array.from({ length: clients }, () => undefined);
      const { url, child } = server;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await Promise.all(
        Array.from({ length: clients }, async (_, client) => {
          while (!killed) {
            const call = callOf(client, steps[client]!);
            inFlight[client] = call;
            let answer: unknown;
            try {
              answer = await send(url, `c${client}`, call);
            } catch (error) {
              // Only the kill may end a call without an answer.
              if (!killed) throw error;
              return;
            }
            // Acknowledged: the control applies it in the same order.
            inFlight[client] = undefined;
            steps[client]! += 1;
            expect(plain(await applyTo(control, `c${client}`, call))).toEqual(answer);
            if (call.type === 'admit') lastAdmit[client] = { call, answer };
            acknowledged += 1;
            if (acknowledged === killAfter) {
              killed = true;
              child.kill('SIGKILL');
            }
          }
        }),
      );
      await exited;
      acknowledgedInAll += acknowledged;

      server = await startServeProcess(['--data', data], children);
      for (let client = 0; client < clients; client += 1) {
        const run = `c${client}`;
        const restarted = plain(await (await fetch(`${server.url}/runs/${run}`)).json());
        const pending = inFlight[client];
        // The call cut by the kill may have reached the log before the kill (then it is applied) or not.
        if (pending !== undefined && !isDeepEqual(restarted, plain(control.summary(run)))) {
          await applyTo(control, run, pending);
          steps[client]! += 1;
          cut.logged += 1;
          expect(restarted).toEqual(plain(control.summary(run)));
        } else if (pending !== undefined) {
          // Not in the log: the client retries it, and it is applied now, once.
          expect(plain(await send(server.url, run, pending))).toEqual(plain(await applyTo(control, run, pending)));
          steps[client]! += 1;
          cut.lost += 1;
        }
        expect(plain(await (await fetch(`${server.url}/runs/${run}`)).json())).toEqual(plain(control.summary(run)));
        expect(await (await fetch(`${server.url}/runs/${run}/export`)).text()).toEqual(await control.exportJsonLines(run));
        // A retry of an acknowledged admit is answered from the replayed log, exactly as it was first answered.
        const last = lastAdmit[client];
        if (last !== undefined) expect(await send(server.url, run, last.call)).toEqual(last.answer);
      }
    }
    console.log(
      `kill -9 under load: ${acknowledgedInAll} calls acknowledged over 3 rounds, all held; calls cut by the kill: ${cut.logged} in the log (applied), ${cut.lost} not (retried)`,
    );
    expect(acknowledgedInAll).toBeGreaterThanOrEqual(120);
    server.child.kill('SIGTERM');
    await control.shutdown();
  }, 240_000);
});

function isDeepEqual(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
