import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectTrajectoryFormat, importTrajectory } from '../../../adapters/trajectory/index.js';
import type { TrajectoryNode } from '../../../src/episode/trajectory-node.js';
import { InvalidFieldError } from '../../../src/errors/invalid-field-error.js';
import { InvalidJsonError } from '../../../src/errors/invalid-json-error.js';
import { openEvolveAbsent, openEvolveEnvironment, openEvolvePython } from '../../hosts/openevolve-python.js';
import { runCli, spawnProcess } from '../../support/run-cli.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

// Files written by OpenEvolve's own classes (@ 411fb59): `ProgramDatabase.save` (a checkpoint of the newer layout, in
// which a program displaced from its cell is deleted) and `EvolutionTracer.log_trace` (evolution_trace.jsonl).
const writer = String.raw`
import json, os, sys
from openevolve.config import DatabaseConfig
from openevolve.database import Program, ProgramDatabase
from openevolve.evolution_trace import EvolutionTracer
out = sys.argv[1]
database = ProgramDatabase(DatabaseConfig(population_size=50, num_islands=1, feature_dimensions=["complexity"], feature_bins=1, random_seed=1))
tracer = EvolutionTracer(output_path=os.path.join(out, "evolution_trace.jsonl"), include_code=True, buffer_size=1)
added = []
def add(pid, parent, iteration, metrics, body):
    program = Program(id=pid, code="def solve():\n    " + body + "\n", parent_id=parent, generation=0 if parent is None else 1, metrics=metrics, iteration_found=iteration, metadata={"changes": "change " + pid})
    database.add(program, iteration=iteration)
    added.append(pid)
    if parent is not None:
        tracer.log_trace(iteration=iteration, parent_program=database.get(parent) or parents[parent], child_program=program, metadata={"changes": "change " + pid})
    parents[pid] = program
parents = {}
# One cell (feature_bins 1): each better program displaces the elite, which is then deleted as orphaned.
add("seed", None, 0, {"combined_score": 0.1}, "return 1")
add("a", "seed", 1, {"combined_score": 0.5}, "return sum(range(10))")
add("b", "a", 2, {"combined_score": 0.9}, "return max(range(10))")
add("gated", "b", 3, {"combined_score": 0.0, "boden_gated": 1.0}, "return 1  # proposed again")
add("broken", "b", 4, {"combined_score": 0.0, "error": 0.0}, "raise ValueError()")
tracer.close()
database.save(os.path.join(out, "checkpoint_4"), 4)
print(json.dumps({"added": added, "kept": sorted(database.programs)}))
`;

describe('OpenEvolve output written by OpenEvolve itself', () => {
  const directory = useTemporaryDirectory('boden-openevolve-layouts-');
  let skip: string | undefined = openEvolveAbsent;
  let written: { added: string[]; kept: string[] } = { added: [], kept: [] };

  beforeAll(async () => {
    if (skip !== undefined) return;
    const found = await openEvolvePython();
    if ('skip' in found) {
      skip = found.skip;
      return;
    }
    const run = await spawnProcess(found.python, ['-c', writer, directory], { env: openEvolveEnvironment() });
    if (run.code !== 0) throw new Error(`OpenEvolve's classes failed: ${run.stderr}`);
    written = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as typeof written;
  });

  const checkpoint = () => join(directory, 'checkpoint_4');
  const trace = () => join(directory, 'evolution_trace.jsonl');
  const nodesOf = async (path: string): Promise<TrajectoryNode[]> => {
    let nodes: readonly TrajectoryNode[] = [];
    await importTrajectory(path, { onNodes: (seen) => (nodes = seen) });
    return [...nodes];
  };

  it.skipIf(openEvolveAbsent !== undefined)(
    `reads the newer checkpoint layout and says which parents it lost${openEvolveAbsent ? ` (skipped: ${openEvolveAbsent})` : ''}`,
    async (context) => {
      if (skip !== undefined) return context.skip(skip);
      expect(await detectTrajectoryFormat(checkpoint())).toBe('openevolve-checkpoint');
      // The displaced elites are gone from the snapshot: only what OpenEvolve kept is read.
      expect(written.kept.length).toBeLessThan(written.added.length);
      const nodes = await nodesOf(checkpoint());
      // boden's gated program was never evaluated: left out, as boden's own export leaves it out.
      expect(nodes.map((node) => node.id).sort()).toEqual(written.kept.filter((id) => id !== 'gated'));
      for (const node of nodes) {
        const parent = node.parentIds[0];
        if (parent !== undefined) expect(node.metadata.parentInCheckpoint).toBe(written.kept.includes(parent));
      }
      const [run] = await importTrajectory(checkpoint());
      expect(run!.nodeCount).toBe(written.kept.length - 1);
    },
  );

  it.skipIf(openEvolveAbsent !== undefined)(
    `reads the evolution trace: every iteration, the initial program from its children's lines${openEvolveAbsent ? ` (skipped: ${openEvolveAbsent})` : ''}`,
    async (context) => {
      if (skip !== undefined) return context.skip(skip);
      expect(await detectTrajectoryFormat(trace())).toBe('openevolve-evolution-trace');
      const nodes = await nodesOf(trace());
      expect(nodes.map((node) => node.id)).toEqual(written.added.filter((id) => id !== 'gated'));
      const byId = new Map(nodes.map((node) => [node.id, node]));
      expect(byId.get('seed')).toMatchObject({ parentIds: [], operators: ['initial'], score: 0.1, code: 'def solve():\n    return 1\n' });
      expect(byId.get('b')).toMatchObject({ parentIds: ['a'], score: 0.9, plan: 'change b', isBuggy: false });
      expect(byId.get('broken')).toMatchObject({ score: null, isBuggy: true });
      const scored = await runCli(['score', trace()]);
      expect(scored.code, scored.stderr).toBe(0);
    },
  );

  it.skipIf(openEvolveAbsent !== undefined)(
    `names the file and field of bad input, without a stack trace${openEvolveAbsent ? ` (skipped: ${openEvolveAbsent})` : ''}`,
    async (context) => {
      if (skip !== undefined) return context.skip(skip);
      const lines = readFileSync(trace(), 'utf8').trim().split('\n');
      const second = JSON.parse(lines[1]!) as Record<string, unknown>;
      const badMetrics = join(directory, 'bad-metrics.jsonl');
      writeFileSync(badMetrics, [lines[0], JSON.stringify({ ...second, child_metrics: 'high' })].join('\n'));
      const error = await importTrajectory(badMetrics).catch((caught: unknown) => caught);
      expect(InvalidFieldError.isInstance(error)).toBe(true);
      expect(String((error as Error).message)).toContain('bad-metrics.jsonl');
      expect(String((error as Error).message)).toContain('line 2.child_metrics');

      const noCode = join(directory, 'no-code.jsonl');
      writeFileSync(
        noCode,
        lines
          .map((line) => {
            const { child_code: _c, parent_code: _p, ...rest } = JSON.parse(line) as Record<string, unknown>;
            return JSON.stringify(rest);
          })
          .join('\n'),
      );
      const refused = await runCli(['score', noCode]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('line 1.child_code');
      expect(refused.stderr).toContain('include_code');
      expect(refused.stderr).not.toMatch(/\n\s+at /);

      const cut = join(directory, 'cut.jsonl');
      writeFileSync(cut, `${lines[0]}\n${lines[1]!.slice(0, 40)}\n${lines[2]}\n`);
      expect(InvalidJsonError.isInstance(await importTrajectory(cut).catch((caught: unknown) => caught))).toBe(true);

      writeFileSync(join(checkpoint(), 'metadata.json'), '{"last_iteration": ');
      const damaged = await runCli(['score', checkpoint()]);
      expect(damaged.code).not.toBe(0);
      expect(damaged.stderr).toContain('metadata.json');
      expect(damaged.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
