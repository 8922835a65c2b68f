import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importTrajectory } from '../../adapters/trajectory/index.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { findPython } from '../../bench/sandbox/find-python.js';
import { runCli, spawnProcess } from '../support/run-cli.js';
import { startServeProcess } from '../support/serve-process.js';
import { projectRoot, sharedRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// The recipe examples/python/shinka_novelty_judge.py against ShinkaEvolve's REAL classes (SakanaAI/ShinkaEvolve @
// 9912af1, imported from ../shared/hosts/shinkaevolve, never copied): its Program, its SQLite ProgramDatabase (island
// copies, read-only reopening) and its AsyncNoveltyJudge interface, called in the order its async runner calls them
// (shinka/core/async_runner.py: should_check_novelty_async, then assess_novelty_with_rejection_sampling_async or
// log_novelty_skip_message, `max_novelty_attempts` tries per generation). Debian's numpy, pandas, httpx, rich and
// python3-dotenv; stand-ins for radon, openai and google-genai from test/fixtures/python-shims.
const shinkaFolder = join(sharedRoot, 'hosts', 'shinkaevolve');
const pythonPath = [join(projectRoot, 'test', 'fixtures', 'python-shims'), shinkaFolder].join(delimiter);
const directory = useTemporaryDirectory('boden-shinka-host-');
const children: ChildProcess[] = [];
const servers: FakeOpenAiServer[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  for (const server of servers) await server.close();
});

async function shinkaPython(): Promise<{ python: string } | { skip: string }> {
  if (!existsSync(join(shinkaFolder, 'shinka', 'core', 'async_novelty_judge.py')))
    return { skip: `no ShinkaEvolve source in ${shinkaFolder}` };
  const python = await findPython({ packages: ['numpy', 'pandas'] }).catch((error: Error) => error);
  if (python instanceof Error) return { skip: python.message };
  const probe = spawnSync(python, ['-c', 'import shinka.database, shinka.core.async_novelty_judge'], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: pythonPath },
  });
  if (probe.status !== 0) {
    const missing = /No module named '([^']+)'/.exec(probe.stderr)?.[1];
    return {
      skip:
        missing === undefined
          ? `shinka does not import: ${probe.stderr.trim().split('\n').at(-1)}`
          : `the Python module ${missing} is missing (its Debian package python3-${missing.split('.')[0]!.toLowerCase()})`,
    };
  }
  return { python };
}

// Drives the judge as Shinka's async runner does, with Shinka's own Program and ProgramDatabase. The "LLM" proposes
// ring layouts that differ in one number most of the time: near-duplicates the gate rejects.
const driver = `
import asyncio, importlib.util, json, os, sys, uuid
recipe_path, url, run_id, results = sys.argv[1:5]
spec = importlib.util.spec_from_file_location("shinka_recipe", recipe_path)
recipe = importlib.util.module_from_spec(spec); sys.modules["shinka_recipe"] = recipe; spec.loader.exec_module(recipe)
from boden_client import BodenClient
from shinka.database import DatabaseConfig, Program, ProgramDatabase
recipe.check_shinka_interface()

GENERATIONS, ATTEMPTS = 8, 2
db_path = os.path.join(results, "programs.sqlite")
db = ProgramDatabase(DatabaseConfig(db_path=db_path, num_islands=2, archive_size=10), embedding_model="")
seed = "def construct_packing():\\n    return grid_layout(26, rows=5, columns=6)\\n"
db.add(Program(id=str(uuid.uuid4()), code=seed, generation=0, correct=True, combined_score=1.0, timestamp=0.0,
               metadata={"patch_type": "init", "patch_name": "initial_program", "patch_description": "A grid."}))
judge = recipe.BodenNoveltyJudge(BodenClient(url), run_id, max_novelty_attempts=ATTEMPTS, threshold=0.05)
decisions, lost = [], []

def propose(generation, attempt):
    if generation % 3 == 0 and attempt == 0:
        return "hex_%d" % generation, "def construct_packing():\\n    return hexagonal_lattice(26, spacing=0.%d)\\n" % (10 + generation)
    return "rings_%d_%d" % (generation, attempt), "def construct_packing():\\n    return ring_layout(26, radius=0.3%d)\\n" % ((generation + attempt) % 10)

async def generation_loop(generation):
    for attempt in range(ATTEMPTS):
        parent = db.get_best_program()
        name, code = propose(generation, attempt)
        exec_fname = os.path.join(results, "gen_%d" % generation, "main.py")
        os.makedirs(os.path.dirname(exec_fname), exist_ok=True)
        with open(exec_fname, "w") as handle:
            handle.write(code)
        embedding = [1.0, float(generation), float(attempt)]
        if await judge.should_check_novelty_async(embedding, generation, parent, db):
            accepted, metadata = await judge.assess_novelty_with_rejection_sampling_async(exec_fname, embedding, parent, db)
            assert set(metadata) >= {"novelty_checks_performed", "novelty_total_cost", "novelty_explanation", "max_similarity", "similarity_scores"}
        else:
            judge.log_novelty_skip_message("not all islands initialized yet")
            accepted, metadata = True, {"novelty_explanation": "not checked"}
        decisions.append({"generation": generation, "attempt": attempt + 1, "accepted": accepted, "explanation": metadata["novelty_explanation"]})
        if accepted:  # evaluated, then stored under a fresh id, as _persist_completed_job does
            correct = generation != 4
            db.add(Program(id=str(uuid.uuid4()), code=code, parent_id=parent.id, generation=generation, correct=correct,
                           combined_score=1.0 + generation / 10 if correct else 0.0, timestamp=float(generation),
                           metadata={"patch_type": "full", "patch_name": name, "patch_description": "Try %s." % name}))
            return
    lost.append(generation)

async def main():
    for generation in range(1, GENERATIONS + 1):
        await generation_loop(generation)

asyncio.run(main())
db.close()
# After the run: the last generations' outcomes, read back through a read-only ProgramDatabase as finish() does.
class Runner: pass
runner = Runner(); runner.db_config = DatabaseConfig(db_path=db_path)
at_end = judge.finish(runner)
print(json.dumps({"decisions": decisions, "lost": lost, "reported": len(judge.reported), "at_end": at_end,
                  "budget": judge.accepted_by_budget, "db": db_path}))
`;

// Shinka's own runner, offline: the task (26 circles; the score is the sum of the radii) is evaluated by Shinka's
// run_shinka_eval in a child process its LocalJobConfig starts; the LLM and the embeddings are Shinka's
// `local/<model>@<url>` backend (openai.AsyncOpenAI / OpenAI, the stand-in) talking to the project's fake server.
const initialProgram = `# EVOLVE-BLOCK-START
import math


def construct_packing():
    """Centres and radii of 26 circles in the unit square."""
    centers = [(0.5 + 0.30 * math.cos(2 * math.pi * i / 26), 0.5 + 0.30 * math.sin(2 * math.pi * i / 26)) for i in range(26)]
    return centers, [0.020] * 26
# EVOLVE-BLOCK-END


def run_packing(**kwargs):
    return construct_packing()
`;
const evaluator = `import argparse
from shinka.core import run_shinka_eval


def aggregate(results):
    centers, radii = results[0]
    return {"combined_score": float(sum(radii)), "public": {"circles": len(radii)}, "private": {}}


def validate(result):
    centers, radii = result
    return (len(radii) == 26, None if len(radii) == 26 else "%d circles, not 26" % len(radii))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--program_path")
    parser.add_argument("--results_dir")
    arguments = parser.parse_args()
    run_shinka_eval(program_path=arguments.program_path, results_dir=arguments.results_dir, experiment_fn_name="run_packing",
                    num_runs=1, aggregate_metrics_fn=aggregate, validate_fn=validate)
`;
const runnerDriver = `
import importlib.util, json, os, sys
recipe_path, url, run_id, llm, task = sys.argv[1:6]
spec = importlib.util.spec_from_file_location("shinka_recipe", recipe_path)
recipe = importlib.util.module_from_spec(spec); sys.modules["shinka_recipe"] = recipe; spec.loader.exec_module(recipe)
from boden_client import BodenClient
from shinka.core import EvolutionConfig, ShinkaEvolveRunner
from shinka.database import DatabaseConfig
from shinka.launch import LocalJobConfig
os.chdir(task)
evo = EvolutionConfig(patch_types=["full"], patch_type_probs=[1.0], num_generations=5, max_patch_resamples=1, max_novelty_attempts=2,
                      language="python", llm_models=["local/fake-llm@" + llm], llm_kwargs={"temperatures": [0.0], "max_tokens": 1024},
                      embedding_model="local/fake-embedding@" + llm, novelty_llm_models=None, init_program_path="initial.py",
                      results_dir=os.path.join(task, "results"), task_sys_msg="Pack 26 circles in the unit square.")
runner = ShinkaEvolveRunner(evo_config=evo, job_config=LocalJobConfig(eval_program_path="evaluate.py"),
                            db_config=DatabaseConfig(num_islands=2, archive_size=10), max_evaluation_jobs=2, max_proposal_jobs=2,
                            max_db_workers=1, verbose=False)
judge = recipe.BodenNoveltyJudge.attach(runner, BodenClient(url), run_id, threshold=0.05)
runner.run()
at_end = judge.finish(runner)
print(json.dumps({"db": runner.db_config.db_path, "reported": len(judge.reported), "at_end": at_end, "budget": judge.accepted_by_budget,
                  "calls": dict(judge.calls), "skips": judge.skips}))
`;

/** The fake LLM: full rewrites of the initial program, mostly one-number changes of the ring (near-duplicates). */
function packingBrain(): (body: Record<string, unknown>) => string {
  let proposals = 0;
  return (body) => {
    const text = JSON.stringify(body.messages ?? '');
    if (!text.includes('<NAME>')) return 'NOVEL. A short answer.';
    proposals += 1;
    const radius = (0.3 + (proposals % 4) / 100).toFixed(2);
    const size = (0.02 + proposals / 1000).toFixed(3);
    const hexagonal = proposals % 3 === 0;
    const circles = proposals === 5 ? 25 : 26;
    const layout = hexagonal
      ? `    rows = [(0.1 + 0.16 * (i % 6) + 0.08 * ((i // 6) % 2), 0.1 + 0.16 * (i // 6)) for i in range(${circles})]\n    centers = [(x, y) for x, y in rows]`
      : `    centers = [(0.5 + ${radius} * math.cos(2 * math.pi * i / 26), 0.5 + ${radius} * math.sin(2 * math.pi * i / 26)) for i in range(${circles})]`;
    const code = `# EVOLVE-BLOCK-START\nimport math\n\n\ndef construct_packing():\n    """Centres and radii of 26 circles in the unit square."""\n${layout}\n    return centers, [${size}] * ${circles}\n# EVOLVE-BLOCK-END\n\n\ndef run_packing(**kwargs):\n    return construct_packing()\n`;
    const name = hexagonal ? 'hexagonal_rows' : `ring_radius_${radius}`;
    return `<NAME>\n${name}\n</NAME>\n\n<DESCRIPTION>\nTry ${name}.\n</DESCRIPTION>\n\n<CODE>\n\`\`\`python\n${code}\`\`\`\n</CODE>\n`;
  };
}

const found = await shinkaPython();
if ('skip' in found) console.warn(`shinka-host.test.ts: skipping the ShinkaEvolve host test: ${found.skip}`);

describe.skipIf('skip' in found)('the ShinkaEvolve recipe with real Shinka objects (SakanaAI/ShinkaEvolve @ 9912af1)', () => {
  const python = 'python' in found ? found.python : '';
  const recipe = join(projectRoot, 'examples', 'python', 'shinka_novelty_judge.py');
  const env = { ...process.env, PYTHONPATH: [join(projectRoot, 'clients', 'python'), pythonPath].join(delimiter) };

  it('the judge rejects near-duplicates, no generation is starved, outcomes reach boden and the export scores', async () => {
    const server = await startServeProcess([], children);
    const results = join(directory, 'results');
    const run = spawnSync(python, ['-c', driver, recipe, server.url, 'shinka-host', results], { encoding: 'utf8', env, timeout: 120_000 });
    expect(run.stderr).not.toMatch(/Traceback/);
    expect(run.status).toBe(0);
    const outcome = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      decisions: { generation: number; attempt: number; accepted: boolean; explanation: string }[];
      lost: number[];
      reported: number;
      at_end: number;
      budget: number;
      db: string;
    };
    // The gate said no to some proposals; every generation still produced a program (none lost to the budget).
    expect(outcome.decisions.some((decision) => !decision.accepted)).toBe(true);
    expect(outcome.lost).toEqual([]);
    expect(outcome.budget).toBeGreaterThan(0);
    const budgeted = outcome.decisions.find((decision) => decision.accepted && decision.explanation.startsWith('accepted: attempt 2 of 2'));
    expect(budgeted).toBeDefined();
    // A first attempt the gate rejected was retried, not dropped.
    const rejected = outcome.decisions.find((decision) => !decision.accepted)!;
    expect(rejected.attempt).toBe(1);

    const response = await fetch(`${server.url}/runs/shinka-host`);
    const summary = (await response.json()) as { observed: { valid: number; invalid: number }; rejected: number };
    // 9 programs (the seed and one per generation; the island copy is the seed); generation 4's is not correct.
    expect(outcome.reported).toBe(10);
    // Most outcomes reached boden during the run (the gate compared proposals with them), the last ones at the end.
    expect(outcome.at_end).toBeGreaterThan(0);
    expect(outcome.at_end).toBeLessThan(outcome.reported);
    expect(summary.observed).toEqual({ valid: 8, invalid: 1 });

    const exported = join(directory, 'shinka-host.jsonl');
    writeFileSync(exported, await (await fetch(`${server.url}/runs/shinka-host/export`)).text());
    const scored = await runCli(['score', exported]);
    expect(scored.code).toBe(0);
    const episodes = Number(/(\d+) episode\(s\)/.exec(scored.stdout)?.[1]);
    expect(episodes).toBeGreaterThan(0);
    // The export is Shinka's tree under Shinka's ids: the same episodes as programs.sqlite read by the importer.
    const [fromServe] = await importTrajectory(exported);
    const [fromShinka] = await importTrajectory(outcome.db);
    expect(fromServe!.episodes.map((episode) => [episode.id, episode.parentEpisodeId, episode.score])).toEqual(
      fromShinka!.episodes.map((episode) => [episode.id, episode.parentEpisodeId, episode.score]),
    );
    expect(fromServe!.episodes.filter((episode) => episode.parentEpisodeId !== null).length).toBeGreaterThan(0);
    server.child.kill('SIGTERM');
  }, 60_000);

  it("Shinka's own async runner, offline, with the judge attached: generations complete and the export scores", async () => {
    const llm = await startFakeOpenAiServer({ chat: packingBrain() });
    servers.push(llm);
    const server = await startServeProcess([], children);
    const task = join(directory, 'task');
    mkdirSync(task);
    writeFileSync(join(task, 'initial.py'), initialProgram);
    writeFileSync(join(task, 'evaluate.py'), evaluator);
    // Not spawnSync: the fake LLM answers from this process. Shinka's pricing stays offline (no models.dev fetch).
    const run = await spawnProcess(python, ['-c', runnerDriver, recipe, server.url, 'shinka-runner', llm.baseURL, task], {
      env: {
        ...env,
        OPENAI_API_KEY: 'test',
        LOCAL_OPENAI_API_KEY: 'test',
        SHINKA_PRICING_MODE: 'offline',
        SHINKA_CACHE_DIR: join(directory, 'cache'),
      },
    });
    expect(run.stderr).not.toMatch(/Traceback \(most recent call last\)/);
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      db: string;
      reported: number;
      at_end: number;
      budget: number;
      calls: Record<string, number>;
      skips: string[];
    };
    // The real loop consulted the judge for generations 1..4; it rejected some first attempts (a second call for the
    // generation) and accepted the last attempt where its gate said no (the budget).
    expect(Object.keys(outcome.calls).sort()).toEqual(['1', '2', '3', '4']);
    expect(Object.values(outcome.calls).some((calls) => calls === 2)).toBe(true);
    expect(outcome.budget).toBeGreaterThan(0);
    expect(outcome.at_end).toBeLessThan(outcome.reported);
    const [fromShinka] = await importTrajectory(outcome.db);
    // Every generation 0..4 left a program in Shinka's database: none was lost to a rejection.
    const generations = new Set<number>();
    await importTrajectory(outcome.db, { onNodes: (nodes) => nodes.forEach((node) => generations.add(Number(node.metadata.generation))) });
    expect([...generations].sort((left, right) => left - right)).toEqual([0, 1, 2, 3, 4]);
    const exported = join(directory, 'shinka-runner.jsonl');
    writeFileSync(exported, await (await fetch(`${server.url}/runs/shinka-runner/export`)).text());
    const scored = await runCli(['score', exported]);
    expect(scored.code).toBe(0);
    expect(Number(/(\d+) episode\(s\)/.exec(scored.stdout)?.[1])).toBeGreaterThan(0);
    const [fromServe] = await importTrajectory(exported);
    expect(fromServe!.episodes.map((episode) => [episode.id, episode.parentEpisodeId, episode.score])).toEqual(
      fromShinka!.episodes.map((episode) => [episode.id, episode.parentEpisodeId, episode.score]),
    );
    server.child.kill('SIGTERM');
  }, 180_000);

  it('a Shinka without a method the judge relies on is a clear error naming the host, the name and commit 9912af1', () => {
    // A monkeypatch in this child process only: Shinka's AsyncNoveltyJudge without log_novelty_skip_message.
    const script = `
import importlib.util, sys
spec = importlib.util.spec_from_file_location("shinka_recipe", sys.argv[1])
recipe = importlib.util.module_from_spec(spec); sys.modules["shinka_recipe"] = recipe; spec.loader.exec_module(recipe)
from shinka.core.async_novelty_judge import AsyncNoveltyJudge
del AsyncNoveltyJudge.log_novelty_skip_message
try:
    recipe.check_shinka_interface()
except recipe.ShinkaInterfaceError as error:
    print(error)
`;
    const run = spawnSync(python, ['-c', script, recipe], { encoding: 'utf8', env, timeout: 60_000 });
    expect(run.stderr).not.toMatch(/Traceback/);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(
      'ShinkaEvolve has no AsyncNoveltyJudge.log_novelty_skip_message(reason) (shinka/core/async_novelty_judge.py); BodenNoveltyJudge was written against ShinkaEvolve 9912af1',
    );
  }, 60_000);
});
