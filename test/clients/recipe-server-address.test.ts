import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnProcess } from '../support/run-cli.js';
import { projectRoot, sharedRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// Every recipe of examples/python takes boden serve's address from --url (a script) or url= (a library), else
// BODEN_URL, else http://127.0.0.1:7878, and its token from --token / token=, else BODEN_TOKEN. Nothing is started:
// a closed port (9) for the address, and for the token a stand-in server that answers every call 401 with the
// Authorization header it got. Debian's python3; aide_boden.py also needs the pinned AIDE (../shared/hosts/aideml).
const python = '/usr/bin/python3';
const recipes = join(projectRoot, 'examples', 'python');
const directory = useTemporaryDirectory('boden-recipe-address-');
const hasPython = existsSync(python);
if (!hasPython) console.warn(`skipping the recipes' --url checks: ${python} is absent (Debian's python3)`);

// AIDE's recipe runs AIDE's own CLI (key=value arguments, --url and --token taken out first), as test/hosts/aide-host.test.ts does.
const aidePath = [
  join(sharedRoot, 'hosts', 'aideml'),
  join(projectRoot, 'test', 'fixtures', 'python-shims'),
  join(projectRoot, 'clients', 'python'),
  recipes,
].join(delimiter);
function aideMissing(): string | undefined {
  if (!hasPython) return `${python} is absent`;
  if (!existsSync(join(sharedRoot, 'hosts', 'aideml', 'aide', 'agent.py')))
    return 'the pinned AIDE source (../shared/hosts/aideml) is absent';
  const probe = spawnSync(python, ['-c', 'import aide_boden'], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: aidePath, PYTHONDONTWRITEBYTECODE: '1' },
  });
  return probe.status === 0 ? undefined : `aide_boden does not import: ${probe.stderr.trim().split('\n').at(-1)}`;
}
const aideSkip = aideMissing();
if (aideSkip) console.warn(`skipping aide_boden.py's --url check: ${aideSkip}`);

interface Recipe {
  readonly file: string;
  /** Arguments besides --url and --token: the fewest steps, or AIDE's task. */
  readonly args: readonly string[];
  readonly skip?: string;
}
const scripts: readonly Recipe[] = [
  { file: 'aide_style_loop.py', args: ['--steps', '1'] },
  { file: 'aira_dojo_mcts.py', args: ['--steps', '1'] },
  { file: 'openevolve_evaluator.py', args: [] },
  { file: 'shinka_novelty_judge.py', args: [] },
  {
    file: 'aide_boden.py',
    args: ['data_dir=data', 'goal=Predict y', 'agent.steps=1'],
    ...(aideSkip === undefined ? {} : { skip: aideSkip }),
  },
];

/** Runs a recipe in its own folder (AIDE writes its logs and workspaces there), with `env` on top of a clean one. */
function runRecipe(recipe: Recipe, args: readonly string[], env: Record<string, string>) {
  const folder = join(directory, recipe.file.replace('.py', ''));
  mkdirSync(join(folder, 'data'), { recursive: true });
  writeFileSync(join(folder, 'data', 'train.csv'), 'x,y\n1,2\n2,4\n3,6\n');
  return spawnProcess(python, [join(recipes, recipe.file), ...args, ...recipe.args], {
    cwd: folder,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: folder,
      PYTHONDONTWRITEBYTECODE: '1',
      ...(recipe.file === 'aide_boden.py' ? { PYTHONPATH: aidePath } : {}),
      ...env,
    },
    timeout: 100_000,
  });
}

/** The one line a recipe prints when boden serve cannot be reached or refuses the call: `<file>: <BodenError>`. */
function lastLine(stderr: string): string {
  return stderr.trim().split('\n').at(-1) ?? '';
}

// The stand-in for boden serve: 401 to everything, naming the token it was sent.
let server: Server;
let serverUrl = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    response
      .writeHead(401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: `got ${request.headers.authorization ?? 'no token'}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.skipIf(!hasPython)("the Python recipes' server address and token", () => {
  for (const recipe of scripts) {
    it.skipIf(recipe.skip !== undefined)(`${recipe.file} takes --url over BODEN_URL, and BODEN_URL without it`, async () => {
      const name = recipe.file === 'aide_boden.py' ? 'aide_boden' : recipe.file;
      const given = await runRecipe(recipe, ['--url', 'http://127.0.0.1:9'], { BODEN_URL: 'http://127.0.0.1:8' });
      expect(given.code, given.stderr).toBe(1);
      expect(lastLine(given.stderr)).toMatch(
        new RegExp(`^${name.replace('.', '\\.')}: cannot reach http://127\\.0\\.0\\.1:9 \\(.*is \`npx boden serve\` running\\?$`),
      );
      expect(given.stderr).not.toMatch(/127\.0\.0\.1:(8|7878)\b/);
      const environment = await runRecipe(recipe, [], { BODEN_URL: 'http://127.0.0.1:8' });
      expect(environment.code, environment.stderr).toBe(1);
      expect(lastLine(environment.stderr)).toMatch(/cannot reach http:\/\/127\.0\.0\.1:8 \(/);
    });

    it.skipIf(recipe.skip !== undefined)(`${recipe.file} takes --token over BODEN_TOKEN, and BODEN_TOKEN without it`, async () => {
      const given = await runRecipe(recipe, ['--url', serverUrl, '--token', 'token-from-the-command'], {
        BODEN_TOKEN: 'token-from-the-environment',
      });
      expect(given.code, given.stderr).toBe(1);
      expect(lastLine(given.stderr)).toMatch(/boden serve answered 401: got Bearer token-from-the-command$/);
      const environment = await runRecipe(recipe, [], { BODEN_URL: serverUrl, BODEN_TOKEN: 'token-from-the-environment' });
      expect(environment.code, environment.stderr).toBe(1);
      expect(lastLine(environment.stderr)).toMatch(/boden serve answered 401: got Bearer token-from-the-environment$/);
    });
  }

  it('the library recipes take url= and token= over the environment (OpenEvolve evaluator, Shinka judge), and refuse them beside a client', async () => {
    const script = `import os, sys
sys.path[:0] = [${JSON.stringify(recipes)}, ${JSON.stringify(join(projectRoot, 'clients', 'python'))}]
from boden_client import BodenClient, BodenError
from openevolve_evaluator import BodenEvaluator
from shinka_novelty_judge import BodenNoveltyJudge
url = sys.argv[1]
makers = {
    "evaluator": lambda **address: BodenEvaluator(run_id="x", dimensions=(), require_openevolve=False, **address).install({"evaluate": lambda path: {}}),
    "judge": lambda **address: BodenNoveltyJudge(run_id="x", **address),
}
for name, make in makers.items():
    for address in ({"url": url, "token": "token-given"}, {}, {"url": "http://127.0.0.1:9"}):
        try:
            make(**address)
        except BodenError as error:
            print(name, error)
    try:
        make(client=BodenClient(url), url=url)
    except ValueError as error:
        print(name, error)
`;
    const run = await spawnProcess(python, ['-c', script, serverUrl], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        PYTHONDONTWRITEBYTECODE: '1',
        BODEN_URL: serverUrl,
        BODEN_TOKEN: 'token-from-the-environment',
      },
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toEqual([
      'evaluator boden serve answered 401: got Bearer token-given',
      'evaluator boden serve answered 401: got Bearer token-from-the-environment',
      expect.stringMatching(/^evaluator cannot reach http:\/\/127\.0\.0\.1:9 \(/),
      'evaluator BodenEvaluator: pass client or url/token, not both (a client has its own address and token)',
      'judge boden serve answered 401: got Bearer token-given',
      'judge boden serve answered 401: got Bearer token-from-the-environment',
      expect.stringMatching(/^judge cannot reach http:\/\/127\.0\.0\.1:9 \(/),
      'judge BodenNoveltyJudge: pass client or url/token, not both (a client has its own address and token)',
    ]);
  });
});
