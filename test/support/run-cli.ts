import { spawn, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';
import type { CliStream } from '../../src/cli/cli-io.js';
import { runBoden } from '../../src/cli/run-boden.js';
import { projectRoot } from './shared-data.js';

/** What a CLI run printed and how it ended. */
export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `boden <args>` in this process (`runBoden` with buffered streams), as the program would from the project
 * root; `terminal` makes stderr a terminal. The benchmark commands write to the process's streams, so run them with `spawnCli`.
 */
export async function runCli(args: readonly string[], options: { terminal?: boolean } = {}): Promise<CliResult> {
  const stdout = bufferStream(false);
  // A terminal's stderr, for the progress line (drawn only there).
  const stderr = bufferStream(options.terminal === true);
  const code = await runBoden(args, { stdout, stderr });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** Runs `boden <args>` from the TypeScript sources as a real process (through tsx), with no stdin; `env` adds variables. */
export function spawnCli(args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return spawnProcess(process.execPath, ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), ...args], {
    cwd: options.cwd ?? projectRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
}

/** Runs a process to its end with no stdin and collects what it printed and its exit code. */
export function spawnProcess(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<CliResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
  });
}

/** A stream that keeps what is written, a terminal of 200 columns or none. */
function bufferStream(terminal: boolean): CliStream & { text(): string } {
  const chunks: string[] = [];
  return {
    isTTY: terminal,
    columns: 200,
    write(text: string) {
      chunks.push(text);
      return true;
    },
    text: () => chunks.join(''),
  };
}
