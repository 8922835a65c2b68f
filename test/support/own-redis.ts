import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** True when Debian's redis-server is installed (`.ci/run` installs it): tests that stop their own Redis start one. */
export const haveRedisServer = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves when `check` returns true, polling every 100 ms; rejects with `what` after `attempts` polls. */
export async function until(check: () => boolean, what: string, attempts = 600): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** A redis-server of the test's own on `port`, with no persistence (a restart starts it empty), once it answers PING. */
export async function startOwnRedis(port: number, children: ChildProcess[]): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  children.push(redis);
  await until(
    () => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG',
    `redis-server on port ${port}`,
  );
  return redis;
}
