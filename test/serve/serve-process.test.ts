import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEpisodesJsonl } from '../../src/episode/episode-jsonl.js';
import { ServedRuns } from '../../src/serve/served-runs.js';
import { runCli } from '../support/run-cli.js';
import { projectRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';
import { startServeProcess } from '../support/serve-process.js';

const directory = useTemporaryDirectory('boden-serve-process-');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

async function call(url: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url + path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

const node = (index: number) => ({
  id: `n${index}`,
  plan: ['Gradient boosting on raw features.', 'Ridge on standardised features.', 'An MLP with Adam.'][index % 3]!,
  code: [
    `import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=${100 + index})`,
    `from sklearn.linear_model import Ridge\nRidge(alpha=${index})`,
    `import torch\nnet = torch.nn.Linear(8, ${index + 1})`,
  ][index % 3]!,
});

describe('boden serve as a process', () => {
  it('loses no acknowledged node to kill -9: the restarted run scores the next node exactly as an uninterrupted one', async () => {
    const data = join(directory, 'data');
    const spec = { id: 'survivor', bonus: { strength: 0.5 }, adaptive: { patience: 2 } };
    const first = await startServeProcess(['--data', data], children);
    await call(first.url, 'POST', '/runs', spec);
    for (let index = 0; index < 8; index += 1) {
      await call(first.url, 'POST', '/runs/survivor/admit', node(index));
      await call(first.url, 'POST', '/runs/survivor/observe', { node: node(index), outcome: { valid: index !== 3, value: index / 10 } });
      if (index % 3 === 2)
        await call(first.url, 'POST', '/runs/survivor/select', {
          candidates: [
            { id: 'n0', value: 0 },
            { id: `n${index}`, value: index / 10 },
          ],
        });
    }
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const second = await startServeProcess(['--data', data], children);
    const summary = await call(second.url, 'GET', '/runs/survivor');
    expect(summary).toMatchObject({ admitted: 8, observed: { valid: 7, invalid: 1 } });
    const next = await call(second.url, 'POST', '/runs/survivor/admit', node(8));
    const selection = await call(second.url, 'POST', '/runs/survivor/select', {
      candidates: [
        { id: 'n0', value: 0 },
        { id: 'n7', value: 0.7 },
      ],
    });

    // The same calls on a run that was never interrupted.
    const control = await ServedRuns.open(null);
    await control.create(spec);
    for (let index = 0; index < 8; index += 1) {
      await control.admit('survivor', node(index));
      await control.observe('survivor', { node: node(index), outcome: { valid: index !== 3, value: index / 10 } });
      if (index % 3 === 2)
        await control.select('survivor', {
          candidates: [
            { id: 'n0', value: 0 },
            { id: `n${index}`, value: index / 10 },
          ],
        });
    }
    expect(summary).toEqual(JSON.parse(JSON.stringify(control.summary('survivor'))));
    expect(next).toEqual(JSON.parse(JSON.stringify(await control.admit('survivor', node(8)))));
    expect(selection).toEqual(
      JSON.parse(
        JSON.stringify(
          await control.select('survivor', {
            candidates: [
              { id: 'n0', value: 0 },
              { id: 'n7', value: 0.7 },
            ],
          }),
        ),
      ),
    );
    await control.shutdown();
    second.child.kill('SIGTERM');
  }, 120_000);

  it('started by npx, stops when the npx process is killed (npm does not pass the signal on)', async () => {
    // A stand-in for `npm exec`: a shell that starts the service and waits for it, killed with SIGKILL as `kill %1`
    // ends npm's own process. The service sees itself handed to another parent and stops.
    const log = join(directory, 'npx-serve.log');
    const command = `${JSON.stringify(process.execPath)} --import tsx src/cli/main.ts serve --port 0 2> ${JSON.stringify(log)}`;
    const shell = spawn('sh', ['-c', command], { cwd: projectRoot, env: { ...process.env, npm_command: 'exec' }, stdio: 'ignore' });
    children.push(shell);
    const read = () => (existsSync(log) ? readFileSync(log, 'utf8') : '');
    // Bounded waits for a hang, not a speed check.
    for (let wait = 0; wait < 600 && !read().includes('listening on'); wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read()).toContain('listening on');
    shell.kill('SIGKILL');
    for (let wait = 0; wait < 300 && !read().includes('boden serve: stopped'); wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read()).toMatch(/the npx process that started it \(pid \d+\) has ended\nboden serve: stopped/);
    const port = /listening on http:\/\/[^:]+:(\d+)/.exec(read())![1];
    // The port is free again: nothing answers there.
    await expect(fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
  }, 120_000);

  it('refuses to bind beyond loopback without a token', async () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), 'serve', '--host', '0.0.0.0', '--port', '0'],
      { cwd: projectRoot, encoding: 'utf8', env: { ...process.env, BODEN_TOKEN: '' } },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('binding 0.0.0.0 (not loopback) needs --token or BODEN_TOKEN');
    const short = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), 'serve', '--port', '0', '--token', 'short'],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    expect(short.status).toBe(2);
    expect(short.stderr).toBe('boden serve: a --token (or BODEN_TOKEN) must have at least 8 characters\n');
  }, 60_000);

  const python = spawnSync('python3', ['--version']).status === 0;
  if (!python) console.warn('skipping the Python client test: python3 is not installed');
  it.skipIf(!python)(
    'the Python client and the AIDE-style recipe run against a real server',
    async () => {
      const server = await startServeProcess([], children);
      const exported = join(directory, 'aide-style.jsonl');
      const recipe = spawnSync(
        'python3',
        [join(projectRoot, 'examples', 'python', 'aide_style_loop.py'), '--url', server.url, '--steps', '20', '--export', exported],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(recipe.stderr).toBe('');
      expect(recipe.status).toBe(0);
      expect(recipe.stdout).toMatch(/boden: \d+ valid \/ \d+ buggy nodes observed/);
      // The exported run is a trajectory like any other: episodes with their parents, scored by `boden score`.
      const [stored] = await readEpisodesJsonl(exported);
      expect(stored!.run.episodes.length).toBeGreaterThan(10);
      expect(stored!.run.episodes.filter((episode) => episode.parentEpisodeId !== null).length).toBeGreaterThan(5);
      const scored = await runCli(['score', exported]);
      expect(scored.code).toBe(0);
      expect(scored.stdout).toContain('aide-style-1');
      const runs = await call(server.url, 'GET', '/runs');
      expect((runs.runs as { admitted: number }[])[0]!.admitted).toBe(20);
      // The client's errors carry the service's status and field.
      const probe = spawnSync(
        'python3',
        [
          '-c',
          `import sys; sys.path.insert(0, ${JSON.stringify(join(projectRoot, 'clients', 'python'))})
from boden_client import BodenClient, BodenError
client = BodenClient(${JSON.stringify(server.url)})
try:
    client.admit("aide-style-1", "x", "plan", None)
except BodenError as error:
    print(error.status, error.field)`,
        ],
        { encoding: 'utf8' },
      );
      expect(probe.stdout.trim()).toBe('400 code');
      server.child.kill('SIGTERM');
    },
    120_000,
  );

  it.skipIf(!python)(
    "the Python client follows a run's events, reads its metrics, export and API document",
    async () => {
      const server = await startServeProcess([], children);
      const script = `import json, sys, threading
sys.path.insert(0, ${JSON.stringify(join(projectRoot, 'clients', 'python'))})
from boden_client import BodenClient
client = BodenClient(${JSON.stringify(server.url)})
client.create_run("followed", gate={"threshold": 0.5}, judge="rubric", descriptors={"axes": ["paradigm"]}, qd={})
heard = []
stream = client.events("followed", timeout=60)
reader = threading.Thread(target=lambda: heard.extend(name for name, _ in stream))
reader.start()
client.admit("followed", "a", "Gradient boosting.", "import lightgbm as lgb")
client.observe("followed", "a", "Gradient boosting.", "import lightgbm as lgb", valid=True, value=0.5)
client.admit("followed", "b", "Gradient boosting.", "import lightgbm as lgb", parents=["a"])
verdict = client.admit("followed", "c", "Ridge on scaled features.", "from sklearn.linear_model import Ridge", parents=["a"])["verdict"]
client.observe("followed", "c", "Ridge on scaled features.", "from sklearn.linear_model import Ridge", valid=True, value=0.6, parents=["a"])
exported = client.export_run("followed")
metrics = client.metrics()
document = client.openapi()
client.close_run("followed")
reader.join(60)
print(json.dumps({"heard": heard, "judge": verdict["judge"], "episodes": [json.loads(line).get("parentEpisodeId") for line in exported.splitlines() if '"episode"' in line],
  "admits": [line for line in metrics.splitlines() if line.startswith('boden_serve_requests_total{method="POST",route="/runs/:id/admit"')],
  "paths": sorted(document["paths"])}))`;
      const run = spawnSync('python3', ['-c', script], { encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const printed = JSON.parse(run.stdout) as {
        heard: string[];
        judge: string;
        episodes: (string | null)[];
        admits: string[];
        paths: string[];
      };
      expect(printed.judge).toBe('rubric-v1');
      expect(printed.heard.filter((name) => name !== 'cell-discovered')).toEqual([
        'node-scored',
        'candidate-rejected',
        'node-scored',
        'node-scored',
        'closed',
      ]);
      // The archive (qd) filled two paradigm cells: boosting, then ridge.
      expect(printed.heard.filter((name) => name === 'cell-discovered')).toHaveLength(2);
      expect(printed.episodes).toEqual([null, 'a']);
      expect(printed.admits).toEqual(['boden_serve_requests_total{method="POST",route="/runs/:id/admit",status="200"} 3']);
      expect(printed.paths).toContain('/runs/{id}/events');
      server.child.kill('SIGTERM');
    },
    120_000,
  );

  it.skipIf(!python)(
    "the README's and docs' Python snippets run as pasted, from the repository root, against a real server",
    async () => {
      const pages = ['README.md', ...readdirSync(join(projectRoot, 'docs')).map((page) => join('docs', page))];
      const snippets = pages.flatMap((page) =>
        [...readFileSync(join(projectRoot, page), 'utf8').matchAll(/^```python\n([\s\S]*?)```/gm)].map((match) => match[1]!),
      );
      // The README's quick start and docs/python-hosts.md's full example.
      expect(snippets.length).toBeGreaterThanOrEqual(2);
      const server = await startServeProcess([], children);
      // Twice: a user runs the snippet again against the same service (the run is joined, not a 409).
      for (const snippet of [...snippets, ...snippets]) {
        const run = spawnSync('python3', ['-c', snippet], {
          cwd: projectRoot,
          encoding: 'utf8',
          timeout: 60_000,
          env: { ...process.env, BODEN_URL: server.url },
        });
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
        expect(run.stdout).toContain('lightgbm');
      }
      server.child.kill('SIGTERM');
    },
    120_000,
  );

  it.skipIf(!python)(
    'the ShinkaEvolve novelty-judge, OpenEvolve evaluator and AIRA-dojo MCTS recipes run against a real server',
    async () => {
      const server = await startServeProcess([], children);
      const run = (file: string) =>
        spawnSync('python3', [join(projectRoot, 'examples', 'python', file)], {
          encoding: 'utf8',
          timeout: 60_000,
          env: { ...process.env, BODEN_URL: server.url },
        });
      const shinka = run('shinka_novelty_judge.py');
      expect(shinka.stderr).toBe('');
      expect(shinka.status).toBe(0);
      // The second program only changes a number of the first: the gate rejects it; the others pass.
      expect(shinka.stdout).toMatch(
        /generation 1: accepted[\s\S]*generation 2: rejected[\s\S]*generation 3: accepted[\s\S]*generation 4: accepted/,
      );
      const openEvolve = run('openevolve_evaluator.py');
      expect(openEvolve.stderr).toBe('');
      expect(openEvolve.status).toBe(0);
      // The stand-in evaluator's second program repeats the first: gated before evaluation, an evaluation saved.
      expect(openEvolve.stdout).toMatch(
        /program 0: evaluated, combined_score 1\.910, boden_novelty 1\.000, boden_drift 0\.000, boden_family 2/,
      );
      expect(openEvolve.stdout).toMatch(/program 1: gated, combined_score 0\.000/);
      expect(openEvolve.stdout).toMatch(/evaluations saved: 1/);
      const mcts = spawnSync(
        'python3',
        [join(projectRoot, 'examples', 'python', 'aira_dojo_mcts.py'), '--url', server.url, '--steps', '20'],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(mcts.stderr).toBe('');
      expect(mcts.status).toBe(0);
      expect(mcts.stdout).toMatch(/shaped MCTS: +best [\d.]+; boden saw 20 nodes/);
      server.child.kill('SIGTERM');
      // Without a server the recipes say so in one line, no traceback.
      const unreachable = spawnSync('python3', [join(projectRoot, 'examples', 'python', 'openevolve_evaluator.py')], {
        encoding: 'utf8',
        env: { ...process.env, BODEN_URL: 'http://127.0.0.1:9' },
      });
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toMatch(
        /^openevolve_evaluator\.py: cannot reach http:\/\/127\.0\.0\.1:9 .*is `npx boden serve` running\?\n$/,
      );
    },
    120_000,
  );
});
