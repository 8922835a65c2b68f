/**
 * The Python sandbox's overhead per program (issue #33): wall time minus the program's own CPU time, which is what
 * the sandbox adds (process start, bubblewrap, the launcher, files in and out, removing the directory). Three
 * programs (a trivial one, one that imports numpy, one that reads a 1 MiB input and writes a 1 MiB output), each
 * through the sandbox with bubblewrap, without isolation, and spawned bare (`python program.py` in a temporary
 * directory, its CPU time from its own getrusage) as the floor any runner pays; rounds interleaved so each sees
 * the same load, which is printed beside. Overhead is wall − program CPU, so on a busy machine it includes the
 * time the runner's processes wait for a core; "runner CPU" is the CPU the runner itself burns per program (the
 * harness, bubblewrap, the launcher: this process's and its reaped children's CPU less the program's), which
 * does not grow with load and is about what the overhead is on an idle machine. It cannot be counted through
 * bubblewrap: its process namespace's init is not reaped by bubblewrap, so the kernel adds that tree's CPU to
 * nobody's count. Then the harness's memory over many runs at `--workers`.
 *
 *   npm run bench:sandbox -- [--python /usr/bin/python3] [--rounds 20] [--episodes 400] [--workers 2]
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createPythonSandbox, findPython, type PythonSandbox } from './sandbox/index.js';
import { machineLine, megabytes, percentile } from './support/bench-measurements.js';

const { values } = parseArgs({
  options: {
    python: { type: 'string' },
    rounds: { type: 'string', default: '20' },
    episodes: { type: 'string', default: '400' },
    workers: { type: 'string', default: String(availableParallelism()) },
  },
});
const rounds = Number(values.rounds);
const episodes = Number(values.episodes);
const workers = Number(values.workers);
const python = await findPython({ python: values.python });

const megabyteOfRows = Array.from({ length: 16_384 }, (_, index) => `${index},${(index * 7919) % 1000},0.${index}`.padEnd(63, ' ')).join(
  '\n',
);
/** The programs measured: what they do and the files they take and give. */
const programs = [
  { label: 'trivial', program: 'print("ok")', files: {}, outputs: [] },
  { label: 'numpy import', program: 'import numpy as np\nprint(np.arange(10).sum())', files: {}, outputs: [] },
  {
    label: '1 MiB in, 1 MiB out',
    program: 'rows = open("train.csv").read().splitlines()\nopen("predictions.csv", "w").write("\\n".join(r.upper() for r in rows))',
    files: { 'train.csv': megabyteOfRows },
    outputs: ['predictions.csv'],
  },
] as const;

const ticks = 100; // USER_HZ: /proc reports CPU times in 1/100 s on Linux.
/**
 * CPU seconds of this process and of every child it has reaped (the kernel adds a waited-for child's time,
 * with its own waited-for descendants', to its parent's cutime and cstime): bubblewrap, the launcher and the
 * program of each finished run.
 */
function treeCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((index) => Number(fields[index]));
  return (utime! + stime! + cutime! + cstime!) / ticks;
}

/** A runner: its label and one run giving wall and program CPU seconds. */
type Runner = { readonly label: string; run(entry: (typeof programs)[number]): Promise<{ wall: number; cpu: number }> };

const sandboxRunner = (label: string, sandbox: PythonSandbox): Runner => ({
  label,
  async run(entry) {
    const started = performance.now();
    const result = await sandbox.run({ program: entry.program, files: entry.files, outputs: entry.outputs });
    const wall = (performance.now() - started) / 1000;
    if (result.status !== 'ok') throw new Error(`${label} ${entry.label}: ${result.status}: ${result.reason}`);
    return { wall, cpu: result.cpuSeconds };
  },
});

// The bare floor: the same files written, the program spawned with no limits, its output read, the folder removed.
const bareFooter =
  '\nimport resource as _r, sys as _s\n_u = _r.getrusage(_r.RUSAGE_SELF)\n_s.stderr.write(repr(_u.ru_utime + _u.ru_stime))\n';
const bare: Runner = {
  label: 'bare spawn (no sandbox)',
  async run(entry) {
    const started = performance.now();
    const work = await mkdtemp(join(tmpdir(), 'boden-sandbox-bench-'));
    for (const [name, content] of Object.entries(entry.files)) await writeFile(join(work, name), content);
    await writeFile(join(work, 'program.py'), entry.program + bareFooter);
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(python, ['program.py'], {
        cwd: work,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { PATH: '/usr/bin:/bin', OPENBLAS_NUM_THREADS: '1' },
      });
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    for (const name of entry.outputs) await readFile(join(work, name));
    await rm(work, { recursive: true, force: true });
    return { wall: (performance.now() - started) / 1000, cpu: Number(stderr) };
  },
};

const quiet = () => {};
const bubblewrapSandbox = createPythonSandbox({ python, isolation: 'bubblewrap', workers: 1, onWarning: quiet });
const plainSandbox = createPythonSandbox({ python, isolation: 'none', workers: 1, onWarning: quiet });
const isolation = await bubblewrapSandbox.ready().then(
  () => undefined,
  (error: Error) => error.message,
);
await plainSandbox.ready();
const runners: Runner[] = [
  ...(isolation === undefined ? [sandboxRunner('sandbox, bubblewrap', bubblewrapSandbox)] : []),
  sandboxRunner('sandbox, no isolation', plainSandbox),
  bare,
];
if (isolation !== undefined) console.log(`bubblewrap not measured: ${isolation}`);

console.log(machineLine());
console.log(
  `python: ${python}; rounds: ${rounds}, interleaved; running as ${process.getuid?.() === 0 ? 'root (programs drop to a uid of their own)' : 'a user'}`,
);
const samples = new Map<string, { wall: number[]; cpu: number[]; overhead: number[]; machinery: number }>();
const loads: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  for (const entry of programs) {
    for (const runner of runners) {
      const key = `${entry.label}\u0000${runner.label}`;
      const treeBefore = treeCpuSeconds();
      const { wall, cpu } = await runner.run(entry);
      const machinery = treeCpuSeconds() - treeBefore - cpu;
      const sample = samples.get(key) ?? { wall: [], cpu: [], overhead: [], machinery: 0 };
      sample.machinery += (machinery * 1000) / rounds;
      sample.wall.push(wall * 1000);
      sample.cpu.push(cpu * 1000);
      sample.overhead.push((wall - cpu) * 1000);
      samples.set(key, sample);
    }
  }
  loads.push(loadavg()[0]!);
}
const p = (list: number[], fraction: number) => percentile(Float64Array.from(list), fraction).toFixed(0);
console.log(
  `\nload average (1 min) during the rounds: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)} on ${availableParallelism()} cores`,
);
console.log(
  '\n| program | runner | wall p50 ms | program CPU p50 ms | overhead p50 ms | overhead p90 ms | runner CPU mean ms |\n|---|---|---:|---:|---:|---:|---:|',
);
for (const [key, sample] of samples) {
  const [program, runner] = key.split('\u0000');
  console.log(
    `| ${program} | ${runner} | ${p(sample.wall, 0.5)} | ${p(sample.cpu, 0.5)} | ${p(sample.overhead, 0.5)} | ${p(sample.overhead, 0.9)} | ${runner!.includes('bubblewrap') ? 'n/a' : sample.machinery.toFixed(0)} |`,
  );
}

// The harness's memory as runs go by: the sandbox keeps nothing of a finished run.
const gc = (globalThis as { gc?: () => void }).gc;
const parallel = createPythonSandbox({ python, workers, onWarning: quiet });
const rss = () => {
  gc?.();
  return process.memoryUsage().rss;
};
console.log(
  `\n${episodes} trivial programs with 4 KiB of output each, ${workers} at a time (gc before each reading: ${gc !== undefined}):\n`,
);
console.log('| runs done | harness RSS |\n|---:|---:|');
const checkpoints = new Set([0, episodes / 8, episodes / 4, episodes / 2, episodes].map(Math.round));
let done = 0;
console.log(`| 0 | ${megabytes(rss())} |`);
const startedAll = performance.now();
await Promise.all(
  Array.from({ length: episodes }, () =>
    parallel.run({ program: 'print("x" * 4096)', files: { 'in.txt': 'y'.repeat(4096) }, outputs: ['in.txt'] }).then((result) => {
      if (result.status !== 'ok') throw new Error(`${result.status}: ${result.reason}`);
      done += 1;
      if (checkpoints.has(done) && done > 0) console.log(`| ${done} | ${megabytes(rss())} |`);
    }),
  ),
);
console.log(`\n${episodes} runs in ${((performance.now() - startedAll) / 1000).toFixed(1)} s wall at ${workers} workers`);
console.log(machineLine());
