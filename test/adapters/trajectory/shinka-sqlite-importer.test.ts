import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { detectTrajectoryFormat, importTrajectory } from '../../../adapters/trajectory/index.js';
import { findPython } from '../../../bench/sandbox/find-python.js';
import type { TrajectoryNode } from '../../../src/episode/trajectory-node.js';
import { TrajectoryError } from '../../../src/errors/trajectory-error.js';
import { runCli } from '../../support/run-cli.js';
import { projectRoot, sharedRoot } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

// ShinkaEvolve (SakanaAI/ShinkaEvolve @ 9912af1) is imported from ../shared/hosts, never copied; its database code
// needs Debian's numpy, pandas, httpx, rich and python3-dotenv, and this project's stand-ins for radon, openai and
// google-genai (test/fixtures/python-shims).
const shinkaFolder = join(sharedRoot, 'hosts', 'shinkaevolve');
const pythonPath = [join(projectRoot, 'test', 'fixtures', 'python-shims'), shinkaFolder].join(delimiter);
const directory = useTemporaryDirectory('boden-shinka-sqlite-');

/** Debian's python3 (or the first on PATH) when it imports Shinka's database code; else why not, for the skip. */
async function shinkaPython(): Promise<{ python: string } | { skip: string }> {
  if (!existsSync(join(shinkaFolder, 'shinka', 'database', 'dbase.py'))) return { skip: `no ShinkaEvolve source in ${shinkaFolder}` };
  const python = await findPython({ packages: ['numpy', 'pandas'] }).catch((error: Error) => error);
  if (python instanceof Error) return { skip: python.message };
  const probe = spawnSync(python, ['-c', 'import shinka.database'], { encoding: 'utf8', env: { ...process.env, PYTHONPATH: pythonPath } });
  if (probe.status !== 0) {
    const missing = /No module named '([^']+)'/.exec(probe.stderr)?.[1];
    return {
      skip:
        missing === undefined
          ? `shinka.database does not import: ${probe.stderr.trim().split('\n').at(-1)}`
          : `the Python module ${missing} is missing (its Debian package python3-${missing.split('.')[0]!.toLowerCase()})`,
    };
  }
  return { python };
}

// Writes programs through Shinka's own ProgramDatabase: a seed (copied to island 1 by Shinka), a child of the seed, a
// child of the island copy, an incorrect program and a proposal persisted as failed. With "live", the database and
// its write-ahead log are copied while the connection is still open, as a running Shinka leaves them.
const writer = `
import json, shutil, sys
from shinka.database import DatabaseConfig, Program, ProgramDatabase
path, live = sys.argv[1], sys.argv[2] == "live"
db = ProgramDatabase(DatabaseConfig(db_path=path, num_islands=2, archive_size=10), embedding_model="")
def add(**fields):
    db.add(Program(language="python", **fields))
add(id="seed", code="def pack():\\n    return ring(26)\\n", generation=0, correct=True, combined_score=1.5, timestamp=1.0,
    metadata={"patch_name": "initial_program", "patch_description": "Rings of circles.", "patch_type": "init"})
copy = db.cursor.execute("SELECT id FROM programs WHERE json_extract(metadata, '$._is_island_copy') = 1").fetchone()[0]
add(id="grid", code="def pack():\\n    return grid(6, 5)\\n", parent_id="seed", generation=1, correct=True, combined_score=2.0, timestamp=2.0,
    text_feedback="denser", metadata={"patch_name": "grid_layout", "patch_description": "A 6 x 5 grid.", "patch_type": "full"})
add(id="hex", code="def pack():\\n    return hexagonal(26)\\n", parent_id=copy, generation=2, correct=True, combined_score=2.2, timestamp=3.0,
    metadata={"patch_name": "hexagonal", "patch_description": "A hexagonal lattice.", "patch_type": "diff"})
add(id="typo", code="def pack(:\\n", parent_id="grid", generation=3, correct=False, combined_score=0.0, timestamp=4.0,
    text_feedback="SyntaxError", metadata={"patch_name": "typo", "patch_description": "Broken.", "patch_type": "diff"})
add(id="failed", code="def pack():\\n    return grid(6, 5)\\n", parent_id="grid", generation=4, correct=False, combined_score=0.0, timestamp=5.0,
    text_feedback="rejected", metadata={"node_kind": "failed_proposal", "failure_stage": "novelty"})
if live:
    target = sys.argv[3]
    shutil.copyfile(path, target)
    shutil.copyfile(path + "-wal", target + "-wal")
db.close()
print(json.dumps({"copy": copy}))
`;

const found = await shinkaPython();
if ('skip' in found) console.warn(`shinka-sqlite-importer.test.ts: skipping the databases written by ShinkaEvolve: ${found.skip}`);

/** Writes a database through Shinka's code; returns the island copy's id. */
function writeWithShinka(python: string, path: string, live?: string): string {
  const run = spawnSync(python, ['-c', writer, path, live === undefined ? 'closed' : 'live', live ?? ''], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: pythonPath },
    timeout: 60_000,
  });
  expect(run.stderr).not.toMatch(/Traceback/);
  expect(run.status).toBe(0);
  return (JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { copy: string }).copy;
}

describe.skipIf('skip' in found)("ShinkaEvolve's programs.sqlite, written by Shinka's own ProgramDatabase", () => {
  const python = 'python' in found ? found.python : '';

  it('reads every program as a node: plan from the patch, score when correct, copies folded into their original', async () => {
    const path = join(directory, 'results_demo', 'programs.sqlite');
    mkdirSync(join(directory, 'results_demo'));
    const copy = writeWithShinka(python, path);
    expect(await detectTrajectoryFormat(path)).toBe('shinka-programs-sqlite');
    let nodes: readonly TrajectoryNode[] = [];
    const [run] = await importTrajectory(path, { onNodes: (seen) => (nodes = seen) });
    expect(run!.id).toBe('results_demo');
    expect(run!.source.format).toBe('shinka-programs-sqlite');
    expect(run!.metric).toEqual({ name: 'combined_score', maximize: true });
    // Shinka stored 6 rows: the island copy of the seed is the seed.
    expect(nodes.map((node) => node.id)).toEqual(['seed', 'grid', 'hex', 'typo', 'failed']);
    expect(nodes.some((node) => node.id === copy)).toBe(false);
    const byId = new Map(nodes.map((node) => [node.id, node]));
    expect(byId.get('seed')).toMatchObject({
      plan: 'initial_program: Rings of circles.',
      score: 1.5,
      isBuggy: false,
      parentIds: [],
      operators: ['init'],
    });
    expect(byId.get('grid')).toMatchObject({
      plan: 'grid_layout: A 6 x 5 grid.',
      score: 2,
      summary: 'denser',
      parentIds: ['seed'],
      operators: ['full'],
    });
    expect(byId.get('hex')!.parentIds).toEqual(['seed']);
    expect(byId.get('typo')).toMatchObject({ isBuggy: true, score: null, summary: 'SyntaxError' });
    expect(byId.get('failed')).toMatchObject({
      isBuggy: true,
      score: null,
      metadata: { nodeKind: 'failed_proposal', failureStage: 'novelty' },
    });
    expect(run!.episodes.map((episode) => [episode.id, episode.score, episode.parentEpisodeId])).toEqual([
      ['seed', 1.5, null],
      ['grid', 2, 'seed'],
      ['hex', 2.2, 'seed'],
    ]);
    expect(run!.infeasibleAttempts.map((attempt) => attempt.id)).toEqual(['typo', 'failed']);
  });

  it("reads a live run: the committed programs still in Shinka's write-ahead log", async () => {
    const live = join(directory, 'live');
    mkdirSync(live);
    writeWithShinka(python, join(directory, 'writer.sqlite'), join(live, 'programs.sqlite'));
    const [run] = await importTrajectory(join(live, 'programs.sqlite'));
    expect(run!.nodeCount).toBe(5);
    expect(run!.episodes).toHaveLength(3);
    // The programs were in the log, not yet in the database file: without its -wal the file has no programs table.
    const alone = join(directory, 'alone');
    mkdirSync(alone);
    copyFileSync(join(live, 'programs.sqlite'), join(alone, 'programs.sqlite'));
    await expect(importTrajectory(join(alone, 'programs.sqlite'))).rejects.toThrow(/without a programs table/);
  });

  it('boden score path/to/programs.sqlite prints the run', async () => {
    const path = join(directory, 'cli', 'programs.sqlite');
    mkdirSync(join(directory, 'cli'));
    writeWithShinka(python, path);
    const result = await runCli(['score', path]);
    expect(result.stderr).toBe('scored 1 run(s)\n');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run cli');
    expect(result.stdout).toMatch(/\bhex\s+2\s+2\.2/);
  });
});

describe('a file that is no ShinkaEvolve programs.sqlite', () => {
  it('a file that is not SQLite, read as Shinka, is a typed error naming the file', async () => {
    const path = join(directory, 'not-sqlite.sqlite');
    writeFileSync(path, 'hello, no database here\n');
    const error = await importTrajectory(path, { format: 'shinka-programs-sqlite' }).catch((caught: unknown) => caught);
    expect(TrajectoryError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(`${path}: not a SQLite database (no "SQLite format 3" header)`);
  });

  it('a SQLite database without the programs table, or without one of its columns, names the table and column', async () => {
    // Made with sql.js itself: no Python needed for these.
    const SQL = await initSqlJs();
    const make = (name: string, sql: string): string => {
      const database = new SQL.Database();
      database.run(sql);
      const path = join(directory, name);
      writeFileSync(path, database.export());
      database.close();
      return path;
    };
    const other = make('other.sqlite', 'CREATE TABLE notes (id TEXT);');
    expect(await detectTrajectoryFormat(other)).toBe('shinka-programs-sqlite');
    const noTable = await importTrajectory(other).catch((caught: unknown) => caught);
    expect(TrajectoryError.isInstance(noTable)).toBe(true);
    expect((noTable as Error).message).toBe(
      `${other} at table programs: a SQLite database without a programs table: not a ShinkaEvolve programs.sqlite`,
    );
    const noScore = make(
      'no-score.sqlite',
      'CREATE TABLE programs (id TEXT, code TEXT, parent_id TEXT, generation INTEGER, timestamp REAL, correct BOOLEAN, metadata TEXT);',
    );
    const missing = await importTrajectory(noScore).catch((caught: unknown) => caught);
    expect(TrajectoryError.isInstance(missing)).toBe(true);
    expect((missing as TrajectoryError).location).toBe('table programs, column combined_score');

    // The CLI says the same in one line, with no stack trace.
    const cli = await runCli(['score', noScore]);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain(`${noScore} at table programs, column combined_score: the programs table has no combined_score column`);
    expect(cli.stderr).not.toMatch(/\n\s+at /);
    const notSqlite = join(directory, 'not-sqlite-cli.sqlite');
    copyFileSync(join(projectRoot, 'package.json'), notSqlite);
    const text = await runCli(['score', '--format', 'shinka-programs-sqlite', notSqlite]);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain(`${notSqlite}: not a SQLite database`);
    expect(text.stderr).not.toMatch(/\n\s+at /);
  });
});
