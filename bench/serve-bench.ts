/**
 * `boden serve` against the library call on the same work: a run is fed `priors` nodes (admit + observe), then
 * `samples` more nodes are timed, each an admit, an observe and a select over the 16 latest valid nodes, (1) through
 * `ServedRuns` in process, (2) over HTTP on loopback, in memory, (3) over HTTP with `--data` (every call fsynced).
 * Then `clients` concurrent clients feed one run over HTTP and the nodes per second are printed. Side by side in one
 * run, the load average beside: the ratios are the result, the milliseconds depend on the machine.
 *
 *   npm run bench:serve   # = tsx bench/serve-bench.ts [--priors 1000,10000] [--samples 200] [--clients 4]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createServeApp, ServedRuns } from 'boden';
import { machineLine, percentile } from './support/bench-measurements.js';

const { values } = parseArgs({
  options: {
    priors: { type: 'string', default: '1000,10000' },
    samples: { type: 'string', default: '200' },
    clients: { type: 'string', default: '4' },
  },
});
const priorCounts = values.priors.split(',').map(Number);
const samples = Number(values.samples);
const clients = Number(values.clients);

// Agent-like nodes: a few paradigms, each varied by settings and a component, so novelty is neither 0 nor 1.
const paradigms = [
  ['Gradient boosting on the raw features', 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators={a}, learning_rate=0.0{b})'],
  [
    'Ridge regression on standardised features',
    'from sklearn.linear_model import Ridge\nfrom sklearn.preprocessing import StandardScaler\nmodel = Ridge(alpha={a})',
  ],
  [
    'A small MLP trained with Adam and early stopping',
    'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, {a}), torch.nn.ReLU(), torch.nn.Linear({a}, 1))',
  ],
  [
    'A random forest with target-encoded categories',
    'from sklearn.ensemble import RandomForestRegressor\nfrom sklearn.preprocessing import TargetEncoder\nmodel = RandomForestRegressor(n_estimators={a}, max_depth={b})',
  ],
] as const;
const components = [
  '',
  '\nfrom sklearn.decomposition import PCA\nX = PCA(n_components=8).fit_transform(X)',
  '\nX["ratio"] = X["a"] / X["b"]',
  '\nfrom sklearn.model_selection import KFold\ncv = KFold(5)',
];
const nodeAt = (index: number) => {
  const [plan, code] = paradigms[index % paradigms.length]!;
  const component = components[Math.floor(index / paradigms.length) % components.length]!;
  return {
    id: `n${index}`,
    plan: `${plan} (variant ${index})`,
    code: `${code.replace(/\{a\}/g, String(16 + (index % 97))).replace(/\{b\}/g, String(1 + (index % 9)))}${component}\n# node ${index}`,
  };
};

/** One way of calling the service: in process, or over HTTP. */
interface Target {
  create(id: string): Promise<unknown>;
  admit(id: string, node: ReturnType<typeof nodeAt>): Promise<unknown>;
  observe(id: string, node: ReturnType<typeof nodeAt>, value: number): Promise<unknown>;
  select(id: string, candidates: { id: string; value: number }[]): Promise<unknown>;
}

const spec = (id: string) => ({ id, bonus: { strength: 0.5 }, adaptive: {} });

function inProcess(runs: ServedRuns): Target {
  return {
    create: (id) => runs.create(spec(id)),
    admit: (id, node) => runs.admit(id, node),
    observe: (id, node, value) => runs.observe(id, { node, outcome: { valid: true, value } }),
    select: (id, candidates) => runs.select(id, { candidates }),
  };
}

function overHttp(base: string): Target {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(base + path, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    create: (id) => post('/runs', spec(id)),
    admit: (id, node) => post(`/runs/${id}/admit`, node),
    observe: (id, node, value) => post(`/runs/${id}/observe`, { node, outcome: { valid: true, value } }),
    select: (id, candidates) => post(`/runs/${id}/select`, { candidates }),
  };
}

async function measure(target: Target, runId: string, priors: number) {
  await target.create(runId);
  for (let index = 0; index < priors; index += 1) {
    await target.admit(runId, nodeAt(index));
    await target.observe(runId, nodeAt(index), (index % 50) / 50);
  }
  const admit = new Float64Array(samples);
  const select = new Float64Array(samples);
  const started = performance.now();
  for (let sample = 0; sample < samples; sample += 1) {
    const index = priors + sample;
    let start = performance.now();
    await target.admit(runId, nodeAt(index));
    admit[sample] = performance.now() - start;
    await target.observe(runId, nodeAt(index), (index % 50) / 50);
    const candidates = Array.from({ length: 16 }, (_, back) => ({ id: `n${index - back}`, value: ((index - back) % 50) / 50 }));
    start = performance.now();
    await target.select(runId, candidates);
    select[sample] = performance.now() - start;
  }
  const nodesPerSecond = samples / ((performance.now() - started) / 1000);
  return {
    admit50: percentile(admit, 0.5),
    admit99: percentile(admit, 0.99),
    select50: percentile(select, 0.5),
    select99: percentile(select, 0.99),
    nodesPerSecond,
  };
}

console.log(machineLine());
console.log(`\n${samples} timed nodes per row (admit, observe, select over 16 candidates), a run with bonus + adaptive\n`);
console.log('| prior nodes | path | admit p50 ms | admit p99 ms | select p50 ms | select p99 ms | nodes/s | admit p50 − in process |');
console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
const data = mkdtempSync(join(tmpdir(), 'boden-serve-bench-'));
try {
  for (const priors of priorCounts) {
    const library = await ServedRuns.open(null);
    const memory = await createServeApp();
    const durable = await createServeApp({ dataDirectory: join(data, `p${priors}`) });
    const urls: string[] = [];
    for (const served of [memory, durable]) {
      await served.app.listen({ host: '127.0.0.1', port: 0 });
      urls.push(`http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`);
    }
    const rows: [string, Awaited<ReturnType<typeof measure>>][] = [
      ['in process (ServedRuns)', await measure(inProcess(library), 'bench', priors)],
      ['HTTP, in memory', await measure(overHttp(urls[0]!), 'bench', priors)],
      ['HTTP, --data (fsync per call)', await measure(overHttp(urls[1]!), 'bench', priors)],
    ];
    const base = rows[0]![1].admit50;
    for (const [path, row] of rows) {
      console.log(
        `| ${priors} | ${path} | ${row.admit50.toFixed(2)} | ${row.admit99.toFixed(2)} | ${row.select50.toFixed(2)} | ${row.select99.toFixed(2)} | ${row.nodesPerSecond.toFixed(0)} | ${path.startsWith('in process') ? '-' : `+${(row.admit50 - base).toFixed(2)}`} |`,
      );
    }
    await Promise.all([memory.app.close(), durable.app.close(), library.shutdown()]);
  }

  // Throughput with concurrent clients on one run (calls on a run are applied one at a time, in arrival order).
  const served = await createServeApp();
  await served.app.listen({ host: '127.0.0.1', port: 0 });
  const http = overHttp(`http://127.0.0.1:${(served.app.server.address() as AddressInfo).port}`);
  await http.create('shared');
  const perClient = Math.ceil(samples / clients);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let step = 0; step < perClient; step += 1) {
        const node = nodeAt(client * perClient + step);
        await http.admit('shared', node);
        await http.observe('shared', node, step / perClient);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${clients} concurrent clients × ${perClient} nodes on one run over HTTP (in memory): ${((clients * perClient) / seconds).toFixed(0)} nodes/s (admit + observe)`,
  );
  await served.app.close();
} finally {
  rmSync(data, { recursive: true, force: true });
}
console.log(machineLine());
