import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './shared-data.js';

/** Starts `boden serve --port 0 <args>` from the sources as a real process; resolves its base URL once it listens. */
export function startServeProcess(args: readonly string[], children: ChildProcess[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'src', 'cli', 'main.ts'), 'serve', '--port', '0', ...args], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/[^ ]+)/.exec(stderr);
      if (match) resolve({ url: match[1]!, child });
    });
    child.on('exit', (code) => reject(new Error(`boden serve exited (${code}) before listening: ${stderr}`)));
  });
}
