import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/shared-data.js';

// The Python client as a package (PEP 561: typed, so a checker reads its types once installed), checked from its
// sources: no wheel is built. `pip install ./clients/python` ships what pyproject.toml names.
const folder = join(projectRoot, 'clients', 'python');
const python = '/usr/bin/python3';
const hasPython = existsSync(python);
if (!hasPython) console.warn(`skipping the Python client's import checks: ${python} is absent (Debian's python3)`);

/** `[tool.setuptools]` and `[tool.setuptools.package-data]` of pyproject.toml, read with a small regex (flat keys only). */
function tomlTable(text: string, table: string): Record<string, string> {
  const body = new RegExp(`^\\[${table.replace(/\./g, '\\.')}\\]\\n([\\s\\S]*?)(?=^\\[|$(?![\\s\\S]))`, 'm').exec(text)?.[1] ?? '';
  return Object.fromEntries([...body.matchAll(/^([A-Za-z0-9_.-]+)\s*=\s*(.+)$/gm)].map((match) => [match[1]!, match[2]!.trim()]));
}

describe('the Python client package', () => {
  it('is a package with py.typed, and pyproject.toml ships both', () => {
    expect(
      readdirSync(join(folder, 'boden_client'))
        .filter((name) => name !== '__pycache__')
        .sort(),
    ).toEqual(['__init__.py', 'py.typed']);
    expect(readFileSync(join(folder, 'boden_client', 'py.typed'), 'utf8')).toBe('');
    // A module of the same name beside the package would be a stale copy of the client.
    expect(existsSync(join(folder, 'boden_client.py'))).toBe(false);
    const pyproject = readFileSync(join(folder, 'pyproject.toml'), 'utf8');
    expect(tomlTable(pyproject, 'tool.setuptools')).toEqual({ packages: '["boden_client"]' });
    expect(JSON.parse(tomlTable(pyproject, 'tool.setuptools.package-data').boden_client ?? 'null')).toContain('py.typed');
    expect(tomlTable(pyproject, 'project')['requires-python']).toBe('">=3.9"');
  });

  it.skipIf(!hasPython)("pyproject.toml reads the same with Python's tomllib", () => {
    const read = spawnSync(
      python,
      ['-c', 'import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], "rb"))))', join(folder, 'pyproject.toml')],
      { encoding: 'utf8' },
    );
    if (read.status !== 0 && read.stderr.includes("No module named 'tomllib'")) return; // Python < 3.11: the regex above stands
    expect(read.stderr).toBe('');
    const parsed = JSON.parse(read.stdout) as {
      project: { name: string; 'requires-python': string };
      tool: { setuptools: Record<string, unknown> };
    };
    expect(parsed.project).toMatchObject({ name: 'boden-client', 'requires-python': '>=3.9' });
    expect(parsed.tool.setuptools).toEqual({ packages: ['boden_client'], 'package-data': { boden_client: ['py.typed'] } });
  });

  it.skipIf(!hasPython)('imports as the recipes and tests import it (clients/python on sys.path), every public name defined', () => {
    const probe = spawnSync(
      python,
      [
        '-c',
        `import json, sys, typing
sys.path.insert(0, sys.argv[1])
import boden_client
from boden_client import BodenClient, BodenError
missing = [name for name in boden_client.__all__ if not hasattr(boden_client, name)]
typed = sorted(name for name in boden_client.__all__ if typing.is_typeddict(getattr(boden_client, name)))
print(json.dumps({"file": boden_client.__file__, "missing": missing, "typed": typed}))`,
        folder,
      ],
      { encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
    );
    expect(probe.stderr).toBe('');
    const printed = JSON.parse(probe.stdout) as { file: string; missing: string[]; typed: string[] };
    expect(printed.file).toBe(join(folder, 'boden_client', '__init__.py'));
    expect(printed.missing).toEqual([]);
    expect(printed.typed).toEqual(
      expect.arrayContaining([
        'Admission',
        'BonusOptions',
        'AdaptiveOptions',
        'GateOptions',
        'QdOptions',
        'Descriptors',
        'Objective',
        'Health',
        'RunSummary',
        'Candidate',
        'Selection',
        'NodeScoredEvent',
      ]),
    );
  });
});
