import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPythonSandbox, SandboxStartError } from '../../../bench/sandbox/index.js';
import { missingBubblewrap, missingPython, needs } from './sandbox-requirements.js';

const isRoot = process.getuid?.() === 0;

/** Live processes (zombies are already dead) whose working directory is `directory`, removed or not. */
function processesIn(directory: string): number {
  let count = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      if ((cwd === directory || cwd === `${directory} (deleted)`) && state !== 'Z') count += 1;
    } catch {
      // Ended while listed, or not ours to read.
    }
  }
  return count;
}

/** Waits up to `seconds` for the processes in `directory` to end (a SIGKILL is delivered asynchronously). */
async function processesLeftIn(directory: string, seconds = 5): Promise<number> {
  for (let waited = 0; waited < seconds * 10 && processesIn(directory) > 0; waited += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return processesIn(directory);
}

describe.skipIf(missingPython !== undefined)(needs('the Python sandbox, under any isolation', missingPython), () => {
  const sandbox = createPythonSandbox({
    isolation: 'auto',
    cpuSeconds: 10,
    memoryMegabytes: 1024,
    processes: 32,
    wallSeconds: 60,
    onWarning: () => {},
  });

  it('runs a program in a directory holding only its inputs, and brings back the outputs it wrote', async () => {
    const result = await sandbox.run({
      program: [
        'import json, os',
        'print(sorted(os.listdir(".")), sorted(os.listdir("data")))',
        'rows = open("train.csv").read().splitlines()',
        'raw = open("data/weights.bin", "rb").read()',
        'open("predictions.csv", "w").write("\\n".join(r.upper() for r in rows))',
        'os.makedirs("out", exist_ok=True)',
        'open("out/summary.json", "w").write(json.dumps({"rows": len(rows), "bytes": list(raw)}))',
      ].join('\n'),
      files: { 'train.csv': 'a,1\nb,2', 'data/weights.bin': new Uint8Array([0, 255, 7]) },
      outputs: ['predictions.csv', 'out/summary.json', 'never-written.txt'],
    });
    expect(result.status).toBe('ok');
    expect(result.reason).toBe('');
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("['data', 'program.py', 'train.csv'] ['weights.bin']\n");
    expect(result.outputs['predictions.csv']?.toString()).toBe('A,1\nB,2');
    expect(JSON.parse(result.outputs['out/summary.json']!.toString())).toEqual({ rows: 2, bytes: [0, 255, 7] });
    expect(result.outputs['never-written.txt']).toBeUndefined();
    expect(result.cpuSeconds).toBeGreaterThan(0);
  });

  it("a traceback is an 'error' whose reason is its last line", async () => {
    const result = await sandbox.run({ program: 'def fit(rows):\n    return rows["target"]\nfit([])' });
    expect(result.status).toBe('error');
    expect(result.exitCode).toBe(1);
    expect(result.reason).toBe('TypeError: list indices must be integers or slices, not str');
    expect(result.stderr).toContain('Traceback (most recent call last)');
  });

  it("an infinite loop is stopped at the CPU limit: 'cpu-limit'", async () => {
    const small = createPythonSandbox({ cpuSeconds: 2, onWarning: () => {} });
    const result = await small.run({ program: 'print("started", flush=True)\nwhile True:\n    pass' });
    expect(result.status).toBe('cpu-limit');
    expect(result.reason).toBe('exceeded the CPU limit of 2 s');
    expect(result.signal).toBe('SIGXCPU');
    expect(result.stdout).toBe('started\n');
    expect(result.cpuSeconds).toBeGreaterThan(1);
    expect(result.cpuSeconds).toBeLessThan(4);
  });

  it("a memory hog is stopped at the address-space limit: 'memory-limit', in Python and in numpy", async () => {
    const small = createPythonSandbox({ memoryMegabytes: 512, onWarning: () => {} });
    const plain = await small.run({ program: 'blocks = []\nwhile True:\n    blocks.append(bytearray(64 * 2**20))' });
    expect(plain.status).toBe('memory-limit');
    expect(plain.reason).toBe('exceeded the memory limit of 512 MiB: MemoryError');
    const numpy = await small.run({ program: 'import numpy as np\nx = np.ones((2**16, 2**16))' });
    expect(numpy.status).toBe('memory-limit');
    expect(numpy.reason).toMatch(/^exceeded the memory limit of 512 MiB: numpy.*MemoryError: Unable to allocate 32.0 GiB/);
  });

  it('a fork bomb is a buggy node with the reason; the harness lives on and no process of it is left', async () => {
    // Each prints its directory first, by which its leftovers are found.
    const bombs = [
      'import os\nprint(os.getcwd(), flush=True)\nwhile True:\n    os.fork()',
      // Each child sleeps instead of forking: the parent alone meets the limit, the sleepers must still go.
      'import os, time\nprint(os.getcwd(), flush=True)\nwhile True:\n    if os.fork() == 0:\n        time.sleep(600)',
    ];
    // Without a process namespace the sandbox ends the leftovers through their process group.
    for (const isolation of ['auto', 'none'] as const) {
      const small = createPythonSandbox({ isolation, cpuSeconds: 2, processes: 16, wallSeconds: 20, onWarning: () => {} });
      for (const program of bombs) {
        const result = await small.run({ program });
        expect(result.status).toBe('error');
        expect(result.reason).toMatch(/^exceeded the limit of 16 processes and threads: .*\[Errno 11\] Resource temporarily unavailable/);
        expect(await processesLeftIn(result.stdout.split('\n')[0]!)).toBe(0);
      }
      const after = await small.run({ program: 'print("still here")' });
      expect(after.stdout).toBe('still here\n');
    }
  });

  it("a program that sleeps is stopped by the wall-clock guard: 'wall-limit', its CPU time known", async () => {
    const small = createPythonSandbox({ cpuSeconds: 1, wallSeconds: 1.5, onWarning: () => {} });
    const result = await small.run({ program: 'import time\nprint("waiting", flush=True)\ntime.sleep(600)' });
    expect(result.status).toBe('wall-limit');
    expect(result.reason).toMatch(/^still running after the wall-clock guard of 1.5 s, having used [\d.]+ s CPU/);
    expect(result.stdout).toBe('waiting\n');
    expect(result.cpuSeconds).toBeLessThan(1);
  });

  it('keeps the head and the tail of an output beyond the limit, saying how much was cut', async () => {
    const small = createPythonSandbox({ outputBytes: 1024, onWarning: () => {} });
    const result = await small.run({
      program: 'import sys\nprint("HEAD")\nfor i in range(20000):\n    print("row", i)\nprint("TAIL")\nraise ValueError("the last words")',
    });
    expect(result.status).toBe('error');
    expect(result.reason).toBe('ValueError: the last words');
    expect(result.stdout.startsWith('HEAD\nrow 0\n')).toBe(true);
    expect(result.stdout.endsWith('row 19999\nTAIL\n')).toBe(true);
    expect(result.stdout).toMatch(/\[… \d+ bytes cut: output is limited to 1024 bytes …\]/);
    expect(result.stdout.length).toBeLessThan(1024 + 100);
  });

  it('runs programs side by side up to its workers, each in its own directory', async () => {
    const parallel = createPythonSandbox({ workers: 2, onWarning: () => {} });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        parallel.run({
          program: 'import os\nopen("out.txt", "w").write(open("in.txt").read() * 2 + str(len(os.listdir("."))))',
          files: { 'in.txt': `n${index}` },
          outputs: ['out.txt'],
        }),
      ),
    );
    expect(results.map((result) => result.outputs['out.txt']?.toString())).toEqual(
      Array.from({ length: 6 }, (_, index) => `n${index}n${index}3`),
    );
  });

  it("a cancelled run is 'killed' at once, whether running or still waiting for a worker", async () => {
    const single = createPythonSandbox({ workers: 1, onWarning: () => {} });
    const controller = new AbortController();
    const running = single.run({ program: 'import time\ntime.sleep(600)' }, { signal: controller.signal });
    const waiting = single.run({ program: 'print("never")' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    for (const result of await Promise.all([running, waiting])) {
      expect(result.status).toBe('killed');
      expect(result.reason).toBe('cancelled by the caller');
      expect(result.stdout).toBe('');
    }
  });

  it("isolation 'none' says once what it does not enforce", async () => {
    const warnings: string[] = [];
    const plain = createPythonSandbox({ isolation: 'none', onWarning: (message) => warnings.push(message) });
    expect((await plain.run({ program: 'print(1)' })).stdout).toBe('1\n');
    expect((await plain.run({ program: 'print(2)' })).stdout).toBe('2\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^isolation 'none': programs can reach the network and write outside their directories/);
  });

  it.skipIf(!isRoot)(
    needs(
      'an interpreter the program uid cannot read is a SandboxStartError at the first run, not a buggy node',
      isRoot ? undefined : 'not root',
    ),
    async () => {
      const hidden = await mkdtemp(join(tmpdir(), 'boden-hidden-python-'));
      try {
        await chmod(hidden, 0o700);
        await symlink('/usr/bin/python3', join(hidden, 'python3'));
        const unreadable = createPythonSandbox({ python: join(hidden, 'python3'), onWarning: () => {} });
        const error = await unreadable.run({ program: 'print(1)' }).catch((caught: unknown) => caught);
        expect(SandboxStartError.isInstance(error)).toBe(true);
        expect((error as Error).message).toMatch(/could not be started: PermissionError: \[Errno 13\] Permission denied/);
      } finally {
        await rm(hidden, { recursive: true, force: true });
      }
    },
  );
});

describe.skipIf(missingPython !== undefined || missingBubblewrap !== undefined)(
  needs('the Python sandbox in bubblewrap', missingPython, missingBubblewrap),
  () => {
    const sandbox = createPythonSandbox({ isolation: 'bubblewrap', cpuSeconds: 10, onWarning: () => {} });
    let server: Server;
    let connections = 0;
    let port = 0;

    beforeAll(async () => {
      server = createServer((socket) => {
        connections += 1;
        socket.end('hello\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('a write to /etc, /tmp or the parent of its directory fails on a read-only file system, with that reason', async () => {
      const targets = ['"/etc/boden-sandbox-test"', '"/tmp/boden-sandbox-test"', 'os.path.join(os.getcwd(), "..", "boden-sandbox-test")'];
      for (const target of targets) {
        const result = await sandbox.run({ program: `import os\nopen(${target}, "w").write("x")` });
        expect(result.status).toBe('error');
        expect(result.reason).toMatch(
          /^tried to write outside its directory: OSError: \[Errno 30\] Read-only file system: '.*boden-sandbox-test'$/,
        );
      }
      expect(() => readFileSync('/etc/boden-sandbox-test')).toThrow();
      expect(() => readFileSync('/tmp/boden-sandbox-test')).toThrow();
    });

    it('a connection to a TCP server on the machine’s 127.0.0.1 is refused', async () => {
      const result = await sandbox.run({ program: `import socket\nsocket.create_connection(("127.0.0.1", ${port}), timeout=5).recv(10)` });
      expect(result.status).toBe('error');
      expect(result.reason).toMatch(
        /^tried to use the network, which the sandbox cuts: ConnectionRefusedError: \[Errno 111\] Connection refused$/,
      );
      expect(connections).toBe(0);
    });

    it('the same connection succeeds without isolation (the test server is reachable)', async () => {
      const plain = createPythonSandbox({ isolation: 'none', onWarning: () => {} });
      const result = await plain.run({
        program: `import socket\nprint(socket.create_connection(("127.0.0.1", ${port}), timeout=5).recv(10).decode(), end="")`,
      });
      expect(result.stdout).toBe('hello\n');
      expect(connections).toBe(1);
    });

    it('multiprocessing works: its pool has a /dev/shm of the sandbox’s own', async () => {
      const result = await sandbox.run({
        program:
          'import multiprocessing as mp\ndef square(x):\n    return x * x\nif __name__ == "__main__":\n    with mp.Pool(2) as pool:\n        print(sum(pool.map(square, range(100))))',
      });
      expect(result.status).toBe('ok');
      expect(result.stdout).toBe('328350\n');
    });
  },
);
