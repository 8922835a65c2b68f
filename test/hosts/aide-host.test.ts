import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeChatReply, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { runCli } from '../support/run-cli.js';
import { startServeProcess } from '../support/serve-process.js';
import { projectRoot, sharedRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// The real AIDE (WecoAI/aideml @ 9643875), unmodified, imported from ../shared/hosts/aideml; its LLM is the fake
// OpenAI-compatible server, reached through the stand-in `openai` module of test/fixtures/python-shims.
const aideml = join(sharedRoot, 'hosts', 'aideml');
const python = '/usr/bin/python3';
// Debian packages of the modules AIDE imports at import time (the canned programs use numpy only).
const debianPackages: Record<string, string> = {
  numpy: 'python3-numpy',
  pandas: 'python3-pandas',
  humanize: 'python3-humanize',
  funcy: 'python3-funcy',
  dataclasses_json: 'python3-dataclasses-json',
  backoff: 'python3-backoff',
  jsonschema: 'python3-jsonschema',
  omegaconf: 'python3-omegaconf',
  rich: 'python3-rich',
  black: 'black',
  igraph: 'python3-igraph',
};

function missingPrerequisite(): string | undefined {
  if (!existsSync(join(aideml, 'aide', 'agent.py'))) return `${aideml} is absent (the pinned AIDE source, WecoAI/aideml @ 9643875)`;
  if (!existsSync(python)) return `${python} is absent (Debian's python3)`;
  const probe = spawnSync(
    python,
    [
      '-c',
      `import importlib.util\nprint(" ".join(m for m in ${JSON.stringify(Object.keys(debianPackages))} if importlib.util.find_spec(m) is None))`,
    ],
    { encoding: 'utf8' },
  );
  const missing = probe.stdout
    .trim()
    .split(' ')
    .filter((module) => module !== '');
  if (missing.length > 0)
    return `Python modules missing: ${missing.join(', ')} (apt-get install ${missing.map((module) => debianPackages[module]).join(' ')})`;
  return undefined;
}
const missing = missingPrerequisite();
if (missing) console.warn(`skipping the real-AIDE tests: ${missing}`);

const pythonPath = [
  aideml,
  join(projectRoot, 'test', 'fixtures', 'python-shims'),
  join(projectRoot, 'clients', 'python'),
  join(projectRoot, 'examples', 'python'),
].join(delimiter);
const directory = useTemporaryDirectory('boden-aide-host-');
const children: ChildProcess[] = [];
const groups: number[] = [];
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const pid of groups) killGroup(pid);
});

// -- The task and the scripted model --------------------------------------------------------------------------------

/** y = 3 x1 - 2 x2 + 0.5 x3 + noise, 60 rows, deterministic. */
function trainCsv(): string {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647; // MINSTD: exact in doubles
  const rows = ['x1,x2,x3,y'];
  for (let row = 0; row < 60; row += 1) {
    const [x1, x2, x3] = [next() * 4, next() * 4, next() * 4];
    rows.push([x1, x2, x3, 3 * x1 - 2 * x2 + 0.5 * x3 + (next() - 0.5)].map((value) => value.toFixed(4)).join(','));
  }
  return `${rows.join('\n')}\n`;
}

const load = (file = 'train.csv') => `import numpy as np

data = np.loadtxt("./input/${file}", delimiter=",", skiprows=1)
X, y = data[:, :-1], data[:, -1]
X_train, X_valid, y_train, y_valid = X[:48], X[48:], y[:48], y[48:]
`;
const report = 'print(f"validation RMSE: {np.sqrt(np.mean((pred - y_valid) ** 2)):.6f}")\n';
const linear = `${load()}A = np.c_[X_train, np.ones(len(X_train))]
w = np.linalg.lstsq(A, y_train, rcond=None)[0]
pred = np.c_[X_valid, np.ones(len(X_valid))] @ w
${report}`;
const ridge = (alpha: number) => `${load()}A = np.c_[X_train, np.ones(len(X_train))]
w = np.linalg.solve(A.T @ A + ${alpha} * np.eye(A.shape[1]), A.T @ y_train)
pred = np.c_[X_valid, np.ones(len(X_valid))] @ w
${report}`;
const neighbours = (
  k: number,
  file = 'train.csv',
) => `${load(file)}distances = ((X_valid[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
nearest = np.argsort(distances, axis=1)[:, :${k}]
pred = y_train[nearest].mean(axis=1)
${report}`;
const polynomial = `${load()}def expand(X):
    return np.c_[X, X**2, np.ones(len(X))]


w = np.linalg.lstsq(expand(X_train), y_train, rcond=None)[0]
pred = expand(X_valid) @ w
${report}`;

const answer = (plan: string, code: string) => `${plan}\n\n\`\`\`python\n${code}\`\`\``;
// Drafts: a linear model, a program that crashes (a wrong file name: AIDE must debug it), then new ideas.
const drafts = [
  answer('Ordinary least squares on the three features.', linear),
  answer('k-nearest neighbours on the raw features.', neighbours(5, 'training.csv')),
  answer('Least squares on the features and their squares.', polynomial),
  answer('k-nearest neighbours with three neighbours.', neighbours(3)),
];
const debugs = [answer('Read train.csv, the file that exists.', neighbours(5))];
// Improvements: a re-proposal of the first draft (the gate rejects it), twice in a row once (the step gives up its
// node), and ridge penalties that never beat least squares (the run stalls: explore mode).
const improvements = [
  answer('Least squares again.', linear),
  answer('Ridge regression with a small penalty.', ridge(1)),
  answer('Least squares again.', linear),
  answer('Least squares again.', linear),
  ...[3, 10, 30, 100, 300, 1000, 3000].map((alpha) => answer(`Ridge regression with penalty ${alpha}.`, ridge(alpha))),
];

function scriptedModel(): { chat: (body: Record<string, unknown>) => FakeChatReply; prompts: { kind: string; text: string }[] } {
  const prompts: { kind: string; text: string }[] = [];
  const next = { draft: 0, debug: 0, improve: 0 };
  const chat = (body: Record<string, unknown>): FakeChatReply => {
    const text = (body.messages as { content: string }[]).map((message) => message.content).join('\n');
    if (Array.isArray(body.tools)) {
      // AIDE's review: a `submit_review` tool call with the RMSE the program printed (none: a bug).
      prompts.push({ kind: 'review', text });
      const rmse = /validation RMSE: ([0-9.]+)/.exec(text)?.[1];
      const failed = rmse === undefined || text.includes('Traceback');
      const summary = failed ? 'The program failed.' : `Validation RMSE ${rmse}.`;
      // Written by hand so that a whole number still reads as a float in Python (AIDE drops a metric that is not).
      const args = `{"is_bug": ${failed}, "summary": ${JSON.stringify(summary)}, "metric": ${failed ? 'null' : Number(rmse).toFixed(6)}, "lower_is_better": true}`;
      return { content: null, toolCalls: [{ name: 'submit_review', arguments: args }] };
    }
    const kind = text.includes('had a bug') ? 'debug' : text.includes('previously developed solution') ? 'improve' : 'draft';
    prompts.push({ kind, text });
    const list = { draft: drafts, debug: debugs, improve: improvements }[kind as keyof typeof next];
    return list[Math.min(next[kind as keyof typeof next]++, list.length - 1)]!;
  };
  return { chat, prompts };
}

// -- The driver: the user's lines (configure, the monkeypatch, aide.run.run()) plus recording for the assertions -----

const driver = String.raw`
import json, os, sys
import aide.interpreter, aide.run
import aide_boden
from boden_client import BodenClient

TRACE = []

class TracingClient(BodenClient):
    def admit(self, run_id, node_id, plan, code, **kw):
        answer = super().admit(run_id, node_id, plan, code, **kw)
        TRACE.append({"call": "admit", "id": node_id, "code": code, "accepted": answer["accepted"], "operator": kw.get("operator"), "parents": kw.get("parents")})
        return answer

    def observe(self, run_id, node_id, plan, code, **kw):
        super().observe(run_id, node_id, plan, code, **kw)
        TRACE.append({"call": "observe", "id": node_id, **{k: kw.get(k) for k in ("valid", "value", "direction", "operator", "parents")}})

    def select(self, run_id, candidates, **kw):
        answer = super().select(run_id, candidates, **kw)
        TRACE.append({"call": "select", "directive": answer["directive"], "mode": answer["exploration"]["mode"], "preferDraft": answer["exploration"]["preferDraft"], "values": answer["values"]})
        return answer

real_run = aide.interpreter.Interpreter.run
def traced_run(self, code, reset_session=True):
    TRACE.append({"call": "exec", "code": code})
    return real_run(self, code, reset_session)
aide.interpreter.Interpreter.run = traced_run

AGENTS = []
class Recorded(aide_boden.BodenAgent):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        AGENTS.append(self)

work = os.environ["WORK"]
aide_boden.configure(client=TracingClient(os.environ["BODEN_URL"]), run_id="aide-host", max_rejections=2,
                     run={"bonus": {"strength": 0.5}, "adaptive": {"patience": 2, "threshold": 0.5, "window": 2}, "gate": {}, "objective": {"name": "rmse"}})
aide.run.Agent = Recorded
sys.argv = ["aide", f"data_dir={work}/data", "goal=Predict y from x1, x2 and x3", "eval=RMSE on a hold-out split",
            f"log_dir={work}/logs", f"workspace_dir={work}/workspaces", "exp_name=host", "generate_report=False",
            "agent.steps=" + os.environ["STEPS"], "agent.k_fold_validation=1", "agent.search.num_drafts=2", "agent.search.debug_prob=1.0",
            "agent.code.model=fake-coder", "agent.feedback.model=fake-reviewer", "exec.timeout=60"]
aide.run.run()
agent = AGENTS[0]
with open(f"{work}/out.json", "w") as f:
    json.dump({
        "trace": TRACE,
        "nodes": [{"id": n.id, "parent": n.parent.id if n.parent else None, "children": sorted(c.id for c in n.children), "buggy": n.is_buggy,
                   "value": n.metric.value, "maximize": n.metric.maximize, "stage": n.stage_name, "code": n.code} for n in agent.journal.nodes],
        "export": agent.boden.export_run("aide-host"),
        "summary": agent.boden.summary("aide-host"),
    }, f)
`;

interface TraceEntry {
  call: 'admit' | 'observe' | 'select' | 'exec';
  id?: string;
  code?: string;
  accepted?: boolean;
  operator?: string;
  parents?: string[] | null;
  valid?: boolean;
  value?: number | null;
  direction?: string | null;
  directive?: string | null;
  mode?: string;
  preferDraft?: boolean;
  values?: Record<string, number | null>;
}
interface JournalNode {
  id: string;
  parent: string | null;
  children: string[];
  buggy: boolean;
  value: number | null;
  maximize: boolean | null;
  stage: string;
  code: string;
}
interface Outcome {
  trace: TraceEntry[];
  nodes: JournalNode[];
  export: string;
  summary: Record<string, unknown>;
}

/** Runs Debian's python3 with the hosts' PYTHONPATH; a process still alive after `killAfterMs` is killed (status null). */
function runPython(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  killAfterMs = 100_000,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Its own process group, so that AIDE's interpreter child is killed with it.
    const child = spawn(python, args, {
      cwd,
      detached: true,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: cwd, PYTHONPATH: pythonPath, PYTHONDONTWRITEBYTECODE: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    groups.push(child.pid!);
    const timer = setTimeout(() => killGroup(child.pid!), killAfterMs);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** An `aide.Experiment` in a fresh folder with the tiny task, its agent a BodenAgent on `client` (Python source). */
async function runExperiment(
  name: string,
  serveUrl: string,
  client: string,
  body: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const llm = await startFakeOpenAiServer({ chat: scriptedModel().chat });
  try {
    const folder = join(directory, name);
    mkdirSync(join(folder, 'data'), { recursive: true });
    writeFileSync(join(folder, 'data', 'train.csv'), trainCsv());
    const script = `import json, os
import aide, aide_boden
from boden_client import BodenClient, BodenError
${client}
exp = aide.Experiment(data_dir="data", goal="Predict y from x1, x2 and x3", eval="RMSE on a hold-out split")
exp.cfg.agent.code.model = exp.cfg.agent.feedback.model = "fake-model"
exp.cfg.agent.search.num_drafts = 2
exp.agent = aide_boden.BodenAgent(exp.task_desc, exp.cfg, exp.journal, client=Client(os.environ["BODEN_URL"]), run_id=${JSON.stringify(name)})
${body}`;
    // Killed after 60 s: a process left waiting on AIDE's interpreter child would never end by itself.
    return await runPython(['-c', script], { BODEN_URL: serveUrl, OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'test' }, folder, 60_000);
  } finally {
    await llm.close();
  }
}

describe.skipIf(missing !== undefined)('boden inside the real AIDE (WecoAI/aideml @ 9643875)', () => {
  let llm: FakeOpenAiServer;
  let prompts: { kind: string; text: string }[];
  let serveUrl: string;
  let outcome: Outcome;
  const work = join(directory, 'aide');

  beforeAll(async () => {
    const model = scriptedModel();
    prompts = model.prompts;
    llm = await startFakeOpenAiServer({ chat: model.chat });
    serveUrl = (await startServeProcess(['--data', join(directory, 'runs')], children)).url;
    mkdirSync(join(work, 'data'), { recursive: true });
    writeFileSync(join(work, 'data', 'train.csv'), trainCsv());
    writeFileSync(join(work, 'driver.py'), driver);
    const run = await runPython(
      [join(work, 'driver.py')],
      { WORK: work, STEPS: '10', BODEN_URL: serveUrl, OPENAI_BASE_URL: llm.baseURL, OPENAI_API_KEY: 'test' },
      work,
    );
    if (run.status !== 0) throw new Error(`the AIDE driver failed (${run.status}):\n${run.stderr.slice(-4000)}`);
    outcome = JSON.parse(readFileSync(join(work, 'out.json'), 'utf8')) as Outcome;
  }, 120_000);

  afterAll(async () => {
    await llm?.close();
  });

  it("admits every journal node before AIDE runs it and observes it after AIDE's review, with AIDE's own value and direction", () => {
    const { trace, nodes } = outcome;
    expect(nodes).toHaveLength(10);
    for (const node of nodes) {
      const admitted = trace.findIndex((entry) => entry.call === 'admit' && entry.id === node.id);
      const executed = trace.findIndex((entry, index) => index > admitted && entry.call === 'exec' && entry.code === node.code);
      const observed = trace.findIndex((entry) => entry.call === 'observe' && entry.id === node.id);
      expect(trace[admitted], `node ${node.id}`).toMatchObject({
        accepted: true,
        operator: node.stage,
        parents: node.parent === null ? null : [node.parent],
      });
      expect(admitted).toBeLessThan(executed);
      expect(executed).toBeLessThan(observed);
      // The observation carries what only AIDE's review (parse_exec_result) knows: the metric and its direction.
      expect(trace[observed]).toMatchObject(
        node.buggy
          ? { valid: false, value: null, direction: null }
          : { valid: true, value: node.value, direction: node.maximize ? 'maximize' : 'minimize' },
      );
    }
    expect(trace.filter((entry) => entry.call === 'exec')).toHaveLength(10);
    expect(trace.filter((entry) => entry.call === 'observe')).toHaveLength(10);
  });

  it('exports the RMSE task as minimised, with the real RMSE values, and `boden score` reads the run', async () => {
    const good = outcome.nodes.filter((node) => !node.buggy);
    expect(good.every((node) => node.maximize === false && node.value! > 0)).toBe(true);
    expect(outcome.summary).toMatchObject({
      objective: { direction: 'minimize', name: 'rmse' },
      observed: { valid: good.length, invalid: 10 - good.length },
    });
    const lines = outcome.export
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const exported = JSON.stringify(lines);
    expect(exported).toContain('"maximize":false');
    expect(exported).toContain('"rmse"');
    for (const node of good) expect(exported).toContain(String(node.value));
    const file = join(directory, 'aide-export.jsonl');
    writeFileSync(file, outcome.export);
    const scored = await runCli(['score', file]);
    expect(scored.code, scored.stderr).toBe(0);
    // Every good node is an episode; the crashed draft is its debug fix's failed attempt.
    expect(scored.stdout).toContain(`metric rmse, minimise; ${good.length} episode(s), 0 infeasible attempt(s)`);
  });

  it('works as the agent of an aide.Experiment, with no monkeypatch', async () => {
    const run = await runExperiment(
      'aide-experiment',
      serveUrl,
      'Client = BodenClient',
      `solution = exp.run(steps=3)
print(json.dumps({"nodes": len(exp.journal), "best": solution.valid_metric, "summary": exp.agent.boden.summary("aide-experiment")}))`,
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { nodes: number; best: number; summary: Record<string, unknown> };
    expect(result.nodes).toBe(3);
    expect(result.best).toBeGreaterThan(0);
    expect(result.summary).toMatchObject({ admitted: 3, observed: { valid: 2, invalid: 1 }, objective: { direction: 'minimize' } });
  });

  it("ends AIDE's run with boden's error, and the process exits, when boden fails mid-run", async () => {
    const failing = `class Client(BodenClient):
    admits = 0
    def admit(self, *args, **kwargs):
        Client.admits += 1
        if Client.admits == 2:  # after the first program ran: AIDE's interpreter child is alive
            raise BodenError(503, "the data directory is read-only")
        return super().admit(*args, **kwargs)`;
    const run = await runExperiment(
      'aide-failing',
      serveUrl,
      failing,
      `try:
    exp.run(steps=3)
except BodenError as error:
    print("stopped:", error)`,
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('stopped: boden serve answered 503: the data directory is read-only');
  });

  it('keeps a gate-rejected node out of the tree and never runs it; a step gives its node up after two rejections', () => {
    const { trace, nodes } = outcome;
    const rejected = trace.filter((entry) => entry.call === 'admit' && entry.accepted === false);
    expect(rejected.length).toBeGreaterThanOrEqual(3);
    const ids = new Set(nodes.map((node) => node.id));
    const children = new Set(nodes.flatMap((node) => node.children));
    for (const entry of rejected) {
      expect(ids.has(entry.id!)).toBe(false);
      expect(children.has(entry.id!)).toBe(false);
      expect(trace.some((other) => other.call === 'observe' && other.id === entry.id)).toBe(false);
    }
    // The rejected program is the first draft's: it ran once, as that draft, and never again.
    const firstDraft = nodes[0]!;
    expect(rejected.every((entry) => entry.code === firstDraft.code)).toBe(true);
    expect(trace.filter((entry) => entry.call === 'exec' && entry.code === firstDraft.code)).toHaveLength(1);
    // Two rejections in a row with no admission between them: the step that gave up its node.
    const admits = trace.filter((entry) => entry.call === 'admit');
    expect(admits.some((entry, index) => index > 0 && !entry.accepted && !admits[index - 1]!.accepted)).toBe(true);
    // The model is asked again with the reason, in the same kind of prompt.
    expect(prompts.some((prompt) => prompt.kind === 'improve' && prompt.text.includes('# Rejected proposal'))).toBe(true);
  });

  it("improves the good node boden's shaped values rank highest, and drafts when explore mode asks", () => {
    const { trace } = outcome;
    const selections = trace.flatMap((entry, index) => (entry.call === 'select' ? [index] : []));
    expect(selections.length).toBeGreaterThanOrEqual(5);
    for (const index of selections) {
      const selection = trace[index]!;
      const next = trace.slice(index + 1).find((entry) => entry.call === 'admit')!;
      if (selection.preferDraft) {
        expect(next).toMatchObject({ operator: 'draft', parents: null });
        continue;
      }
      const ranked = Object.entries(selection.values!).sort((left, right) => (right[1] ?? -Infinity) - (left[1] ?? -Infinity));
      expect(next).toMatchObject({ operator: 'improve', parents: [ranked[0]![0]] });
    }
  });

  it("keeps AIDE's debug step: the crashing draft is debugged into a program that runs", () => {
    const crashed = outcome.nodes.find((node) => node.code.includes('training.csv'))!;
    expect(crashed.buggy).toBe(true);
    const fixes = outcome.nodes.filter((node) => node.parent === crashed.id);
    expect(fixes.map((node) => node.stage)).toEqual(['debug']);
    expect(fixes[0]!.buggy).toBe(false);
    expect(prompts.filter((prompt) => prompt.kind === 'debug').length).toBeGreaterThanOrEqual(1);
  });

  it("puts boden's directive into the next code prompt AIDE sends when explore mode asks, and drafts then", () => {
    const { trace } = outcome;
    const explore = trace.filter((entry) => entry.call === 'select' && entry.directive);
    expect(explore.length).toBeGreaterThanOrEqual(1);
    const codePrompts = prompts.filter((prompt) => prompt.kind !== 'review');
    for (const selection of explore) {
      expect(codePrompts.some((prompt) => prompt.text.includes(selection.directive!.trim()))).toBe(true);
    }
    expect(explore.some((entry) => entry.preferDraft)).toBe(true);
    const directed = codePrompts.filter((prompt) => prompt.text.includes('Exploration directive'));
    expect(directed.some((prompt) => prompt.kind === 'draft')).toBe(true);
    // Never in a debug prompt, nor in the task description AIDE's review repeats.
    expect(directed.every((prompt) => prompt.kind !== 'debug')).toBe(true);
    expect(prompts.filter((prompt) => prompt.kind === 'review').every((prompt) => !prompt.text.includes('Novelty directive'))).toBe(true);
  });
});

describe.skipIf(missing !== undefined)('the AIDE recipe checks the host interface and its input', () => {
  const run = (code: string, env: Record<string, string> = {}) => runPython(['-c', code], env, directory);

  it('names AIDE, the missing method and the pinned commit when an Agent method moved, at import', async () => {
    const moved = await run('import aide.agent\ndel aide.agent.Agent.plan_and_code_query\nimport aide_boden');
    expect(moved.status).not.toBe(0);
    expect(moved.stderr).toContain(
      "AideInterfaceError: boden's AIDE recipe (aide_boden.py) needs AIDE's Agent.plan_and_code_query(prompt)",
    );
    expect(moved.stderr).toContain('9643875');
    expect(moved.stderr).not.toContain('AttributeError');
  });

  it('names the changed signature and the missing Node field when checking other classes', async () => {
    const checked = await run(`import aide_boden, aide.agent, aide.journal, dataclasses
class Renamed(aide.agent.Agent):
    def parse_exec_result(self, node, result):
        pass
@dataclasses.dataclass
class Bare:
    code: str
for kwargs in ({"agent": Renamed}, {"node": Bare}):
    try:
        aide_boden.check_aide(**kwargs)
    except aide_boden.AideInterfaceError as error:
        print(error)
`);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toContain(
      "needs AIDE's Agent.parse_exec_result(node, exec_result), as in WecoAI/aideml at commit 9643875; the installed AIDE has Agent.parse_exec_result(node, result)",
    );
    expect(checked.stdout).toContain("needs AIDE's Node.id");
  });

  it('says so without a traceback when boden serve is unreachable or an option is wrong', async () => {
    const recipe = join(projectRoot, 'examples', 'python', 'aide_boden.py');
    mkdirSync(join(directory, 'unreachable', 'data'), { recursive: true });
    writeFileSync(join(directory, 'unreachable', 'data', 'train.csv'), trainCsv());
    const unreachable = await runPython(
      [recipe, 'data_dir=data', 'goal=Predict y', 'agent.steps=1'],
      { BODEN_URL: 'http://127.0.0.1:9' },
      join(directory, 'unreachable'),
    );
    expect(unreachable.status).toBe(1);
    expect(unreachable.stderr.trim()).toMatch(/^aide_boden: cannot reach http:\/\/127\.0\.0\.1:9 .*is `npx boden serve` running\?$/);
    const options = await run(`import aide_boden
for options in ({"max_rejection": 2}, {"run": {"bonus": {}, "gates": {}}}, {"max_rejections": 0}):
    try:
        aide_boden.configure(**options)
    except aide_boden.BodenAgentError as error:
        print(error)`);
    expect(options.stdout).toContain("unknown aide_boden option 'max_rejection'");
    expect(options.stdout).toContain(
      "aide_boden option run must be a dict of create_run's options (adaptive, bonus, descriptors, gate, judge, metric, novelty_search, objective, pareto, qd), not {'bonus': {}, 'gates': {}}",
    );
    expect(options.stdout).toContain('aide_boden option max_rejections must be an integer >= 1, not 0');
  });
});
