import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './shared-data.js';

/** What a CLI process printed and how it ended. */
export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `boden <args>` from the TypeScript sources as a real process (through tsx), with no stdin. */
export function runCli(args: readonly string[], options: { cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), ...args], {
      cwd: options.cwd ?? projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}
