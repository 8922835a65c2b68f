import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// The Python client's types, checked by mypy in strict mode: the client itself, every recipe's use of it, and a
// consumer's mistakes (so the types are known to be real, not Any). Debian's python3 and mypy (`apt-get install mypy`),
// the same on every machine; a machine without them skips, saying so.
const python = '/usr/bin/python3';
const client = join(projectRoot, 'clients', 'python');
const recipes = join(projectRoot, 'examples', 'python');
const directory = useTemporaryDirectory('boden-python-types-');

function mypyMissing(): string | undefined {
  if (!existsSync(python)) return `${python} is absent (Debian's python3)`;
  const probe = spawnSync(python, ['-m', 'mypy', '--version'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : `${python} -m mypy is unavailable (install the Debian package mypy: apt-get install mypy)`;
}
const missing = mypyMissing();
if (missing) console.warn(`skipping the Python client's type checks: ${missing}`);

/** mypy over `targets`, strict, for Python 3.9 (the client's least version), the client importable as in the recipes. */
function mypy(targets: readonly string[], flags: readonly string[] = []): { status: number | null; output: string } {
  const run = spawnSync(
    python,
    [
      '-m',
      'mypy',
      '--strict',
      '--python-version',
      '3.9',
      '--cache-dir',
      join(directory, 'mypy-cache'),
      '--no-error-summary',
      '--show-error-codes',
      ...flags,
      ...targets,
    ],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, MYPYPATH: client },
      timeout: 300_000,
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
}

describe.skipIf(missing !== undefined)("the Python client's types (mypy --strict)", () => {
  it('the client package type-checks in strict mode', () => {
    const result = mypy([join(client, 'boden_client')]);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it("every recipe's use of the client type-checks (the host packages, absent here, are Any)", () => {
    // aide_boden.py subclasses AIDE's untyped Agent and overrides its untyped methods, so it is not annotated
    // throughout: strict less the flags that ask every function to be annotated, with the bodies still checked.
    const annotatedRecipes = ['aide_style_loop.py', 'aira_dojo_mcts.py', 'openevolve_evaluator.py', 'shinka_novelty_judge.py'];
    const annotated = mypy(
      annotatedRecipes.map((file) => join(recipes, file)),
      ['--ignore-missing-imports'],
    );
    expect(annotated.output).toBe('');
    expect(annotated.status).toBe(0);
    const aide = mypy(
      [join(recipes, 'aide_boden.py')],
      [
        '--ignore-missing-imports',
        '--allow-untyped-defs',
        '--allow-incomplete-defs',
        '--allow-untyped-calls',
        '--allow-subclassing-any',
        '--allow-any-generics',
        '--check-untyped-defs',
      ],
    );
    expect(aide.output).toBe('');
    expect(aide.status).toBe(0);
  });

  it("catches a caller's mistakes: unknown keys, wrong option types, answers read as what they are", () => {
    const consumer = join(directory, 'consumer.py');
    writeFileSync(
      consumer,
      `from typing import List, Optional
from boden_client import Admission, BodenClient, RunSummary, Selection

client = BodenClient("http://127.0.0.1:7878")
client.create_run("r", gate={"treshold": 0.1})
client.create_run("r", bonus={"strength": "high"})
admission: Admission = client.admit("r", "n1", "plan", "code", parents=["n0", None])
novelty: float = admission["novelty"]
shaped: Selection = client.select("r", [{"id": "n1", "value": 0.5, "children": 0}], value_range={"min": 0, "max": 1})
shaped["value"]
client.select("r", [{"id": "n1", "valeu": 0.5}])
summary: RunSummary = client.summary("r")
reveal_type(summary["meanNovelty"])
reveal_type(shaped["exploration"]["preferDraft"])
reveal_type(client.runs())
for name, payload in client.events("r"):
    reveal_type(payload)
`,
    );
    const result = mypy([consumer]);
    expect(result.status).toBe(1);
    const lines = result.output.split('\n').map((line) => line.replace(/^.*consumer\.py:/, ''));
    expect(lines).toEqual(
      expect.arrayContaining([
        // mypy 1.0 (Debian bookworm) names the argument; later versions the key.
        expect.stringMatching(
          /^5: error: (Extra key "treshold" for TypedDict "GateOptions"|Argument "gate" to "create_run" of "BodenClient" has incompatible type .*"Optional\[GateOptions\]")/,
        ),
        expect.stringMatching(/^6: error: Incompatible types \(expression has type "str", TypedDict item "strength" has type "float"\)/),
        expect.stringMatching(
          /^8: error: Incompatible types in assignment \(expression has type "Optional\[float\]", variable has type "float"\)/,
        ),
        expect.stringMatching(/^10: error: TypedDict "Selection" has no key "value"/),
        expect.stringMatching(/^11: error: .*"valeu".*"Candidate"/),
        expect.stringMatching(/^13: note: Revealed type is "Union\[builtins\.float, None\]"/),
        expect.stringMatching(/^14: note: Revealed type is "builtins\.bool"/),
        expect.stringMatching(/^15: note: Revealed type is "builtins\.list\[TypedDict\('boden_client\.RunSummary'/),
        expect.stringMatching(/^17: note: Revealed type is "Union\[TypedDict\('boden_client\.NodeScoredEvent'/),
      ]),
    );
    // Nothing else: the well-formed calls (parents with a None, a value range, an admission's fields) pass.
    expect(lines.filter((line) => /^\d+: error/.test(line)).map((line) => line.split(':')[0])).toEqual(['5', '6', '8', '10', '11']);
  });
});
