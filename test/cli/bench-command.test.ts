import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepSummaryLegend } from '../../bench/sweep/format-sweep-summary.js';
import { runBoden } from '../../src/cli/run-boden.js';
import { startFakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { type CliResult, spawnCli as runCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-bench-cli-');

/**
 * Runs `boden <args>` in this process (`runBoden`, what the program's main.ts runs), capturing what the benchmark
 * commands write to the process's own streams: for refusals, help and merges, which need no process of their own.
 * Each process-level run (`runCli`) costs a cold start of tsx and the benchmark; one of each kind stays process-level.
 */
async function runInProcess(args: readonly string[]): Promise<CliResult> {
  const [stdout, stderr]: [string[], string[]] = [[], []];
  const text = (chunk: unknown) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
  const [stdoutWrite, stderrWrite] = [process.stdout.write, process.stderr.write];
  process.stdout.write = ((chunk: unknown) => stdout.push(text(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => stderr.push(text(chunk)) > 0) as typeof process.stderr.write;
  try {
    const code = await runBoden(args, {
      stdout: { write: (chunk: string) => stdout.push(chunk) },
      stderr: { write: (chunk: string) => stderr.push(chunk) },
    });
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.exitCode = undefined;
  }
}

describe('boden demo and boden bench', () => {
  it('boden demo prints the summary table and writes the report', async () => {
    const out = join(directory, 'demo');
    const result = await runCli([
      'demo',
      '--seeds',
      '1',
      '--episodes',
      '3',
      '--workers',
      '1',
      '--out',
      out,
      '--memo',
      join(directory, 'memo'),
    ]);
    expect(result.stderr).toContain('wrote');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/circle-packing-26 +aide +unshaped +1 /);
    expect(result.stdout).toMatch(/circle-packing-26 +aide +adaptive +1 /);
    // The table explains its columns, in the terminal and in the report.
    for (const line of sweepSummaryLegend) expect(result.stdout).toContain(line);
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html.match(/<svg/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('the cheap judge&#39;s 0-4 level (0 routine, 1 combinational, 2 exploratory, 3 both, 4 transformational)');
  }, 240_000);

  it('rejects a bad option value, naming the option', async () => {
    // As a program: the exit code and the message of a real process.
    const result = await runCli(['bench', '--tasks', 'boston', '--policies', 'aide,beam', '--out', join(directory, 'bad')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--policies.*"beam" is not one of aide, mcts, evolutionary/s);
    // The other refusals in process: the same parser and checks, without a process each.
    const episodes = await runInProcess(['bench', '--tasks', 'boston', '--episodes', '2.5', '--out', join(directory, 'bad')]);
    expect(episodes.code).toBe(2);
    expect(episodes.stderr).toMatch(/--episodes.*whole number/s);
    const noTasks = await runInProcess(['bench', '--out', join(directory, 'bad')]);
    expect(noTasks.code).toBe(2);
    expect(noTasks.stderr).toMatch(/give the tasks to sweep: --tasks <names>.*--task-file <cards>/);
    expect(noTasks.stderr).not.toMatch(/runSweep|invalid options/);
    const noModel = await runInProcess(['bench', '--tasks', 'boston', '--agent', 'langchain', '--out', join(directory, 'bad')]);
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toMatch(/--llm-model.*--agent langchain needs the served model's name/s);
  }, 180_000);

  it('boden bench --agent langchain runs an LLM (here the fake server) through the LangGraph tree search graph', async () => {
    const server = await startFakeOpenAiServer({
      chat: () => JSON.stringify({ plan: 'Ridge regression.', config: { model: { family: 'linear', alpha: 1 } } }),
    });
    try {
      const out = join(directory, 'langchain');
      const args = [
        'bench',
        '--tasks',
        'boston',
        '--policies',
        'mcts',
        '--agent',
        'langchain',
        '--llm-model',
        'fake-model',
        '--llm-base-url',
        server.baseURL,
      ];
      const result = await runCli([
        ...args,
        '--seeds',
        '1',
        '--episodes',
        '2',
        '--workers',
        '1',
        '--out',
        out,
        '--memo',
        join(directory, 'memo'),
      ]);
      expect(result.stderr).toContain('wrote');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/boston +mcts +unshaped +1 /);
      expect(JSON.parse(await readFile(join(out, 'sweep.json'), 'utf8')).agent).toBe('langchain/fake-model');
      expect(server.requests.filter((request) => request.path.endsWith('/chat/completions')).length).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('boden help bench is boden bench --help', async () => {
    const result = await runInProcess(['help', 'bench']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: boden bench \[options\]/);
    expect(result.stdout).toContain('--task-file <files>');
    expect(result.stdout.replace(/\s+/g, ' ')).toMatch(/--out <dir> [^-]*\(required\)/);
  }, 120_000);

  it('boden bench --plan writes a plan and its SLURM array script; run-cells runs its shards (by --shard or a SLURM array task) and merge gathers them', async () => {
    const out = join(directory, 'planned');
    const plan = join(directory, 'plans', 'sweep.json');
    const memo = join(directory, 'memo');
    const written = await runCli([
      'bench',
      '--tasks',
      'circle-packing-26',
      '--arms',
      'unshaped,adaptive',
      '--seeds',
      '2',
      '--episodes',
      '4',
      '--out',
      out,
      '--plan',
      plan,
      '--slurm',
      '2',
      '--memo',
      memo,
    ]);
    expect(written.code).toBe(0);
    expect(written.stderr).toContain(`wrote ${plan}: 4 cells; results go to ${out}`);
    expect(written.stdout).toContain('#SBATCH --array=0-1\n');
    expect(written.stdout).toMatch(/'bench' 'run-cells' '--plan' '[^']*sweep\.json' '--memo'/);

    // The shard named by --shard in process; the one a SLURM array task finds from its environment as a program.
    const first = await runInProcess(['bench', 'run-cells', '--plan', plan, '--shard', '0/2', '--memo', memo, '--workers', '1', '--quiet']);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('shard 0/2: 2 runs now, 0 failed');
    const early = await runInProcess(['bench', 'merge', '--plan', plan]);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/2 of 4 cells have no run yet/);
    const second = await runCli(['bench', 'run-cells', '--plan', plan, '--memo', memo, '--workers', '1', '--quiet'], {
      env: { SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '2' },
    });
    expect(second.stderr).toContain('shard 1/2: 2 runs now, 0 failed');
    const merged = await runInProcess(['bench', 'merge', '--plan', plan]);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(/circle-packing-26 +aide +adaptive +2 /);
    expect((await readFile(join(out, 'runs.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(4);

    const noOut = await runInProcess(['bench', '--tasks', 'boston']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('--out: give the results directory');
    const noPlan = await runInProcess(['bench', 'merge', '--plan', join(directory, 'missing.json')]);
    expect(noPlan.code).toBe(2);
    expect(noPlan.stderr).toMatch(/missing\.json: the sweep plan cannot be read \(ENOENT\)/);
  }, 240_000);

  it('names an unknown task card', async () => {
    const result = await runInProcess([
      'bench',
      '--tasks',
      'titanic',
      '--out',
      join(directory, 'unknown'),
      '--memo',
      join(directory, 'memo'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'no shipped task "titanic" (shipped: boston, seattle-weather, cps-wages, penguins, cars-mpg, co2-forecast, seattle-temperature-forecast, circle-packing-26)',
    );
  }, 120_000);
});
