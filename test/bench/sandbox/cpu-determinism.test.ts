import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createPythonSandbox } from '../../../bench/sandbox/index.js';
import { missingPython, needs } from './sandbox-requirements.js';

// About 1.5 s of CPU on this machine (an AMD EPYC core), then a result that depends only on the work done.
const program = `
import hashlib
digest = b"boden"
for _ in range(5_000_000):
    digest = hashlib.sha256(digest).digest()
print(digest.hex())
`;

describe.skipIf(missingPython !== undefined)(needs('CPU time, not wall time, decides too slow', missingPython), () => {
  it('one program run alone and beside a CPU-heavy job has the same outcome', async () => {
    const sandbox = createPythonSandbox({ cpuSeconds: 3, onWarning: () => {} });
    const alone = await sandbox.run({ program });
    // Busy loops on every core, so the program gets a fraction of one and takes longer by the clock.
    const busy = Array.from({ length: 2 }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    try {
      const loaded = await sandbox.run({ program });
      expect(loaded.status).toBe(alone.status);
      expect(loaded.stdout).toBe(alone.stdout);
    } finally {
      for (const child of busy) child.kill('SIGKILL');
    }
    expect(alone.status).toBe('ok');
    // Real work, well under the limit: loaded, it takes longer by the clock than the CPU limit allows by CPU.
    expect(alone.cpuSeconds).toBeGreaterThan(0.3);
    expect(alone.cpuSeconds).toBeLessThan(3);
    expect(alone.stdout).toMatch(/^[0-9a-f]{64}\n$/);
  });
});
