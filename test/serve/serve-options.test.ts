import { writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServeApp } from '../../src/serve/create-serve-app.js';
import { runCli } from '../support/run-cli.js';
import { mountSmallFileSystem } from '../support/small-file-system.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-serve-options-');
const aFile = join(directory, 'a-file');
writeFileSync(aFile, 'not a directory\n');

/** `boden serve` with options it must refuse: exit 2, one line naming the option, no stack trace. */
async function refused(args: string[], named: string | RegExp): Promise<string> {
  const result = await runCli(['serve', ...args]);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).not.toMatch(/\n +at |unexpected error/);
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr).toMatch(named);
  return result.stderr;
}

describe('boden serve refuses options it cannot serve with, naming the option', () => {
  const taken = createServer();
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  it('a port out of range, or not a number', async () => {
    await refused(['--port', '99999'], /option '--port <n>' argument '99999' is invalid. expected a whole number between 0 and 65535/);
    await refused(['--port', '-1'], /--port/);
    await refused(['--port', 'http'], /--port/);
    await refused(['--request-timeout', '0'], /--request-timeout/);
  });

  it('a port that is taken, a host that does not resolve or is not this machine', async () => {
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    expect(await refused(['--port', String(port)], `--port ${port}: the port is taken on 127.0.0.1`)).toMatch(/^boden serve: [^\n]*\n$/);
    await refused(
      ['--host', 'no-such-host.invalid', '--token', 'a-long-secret', '--port', '0'],
      '--host no-such-host.invalid: no such host',
    );
    // TEST-NET-1 (RFC 5737): never an address of this machine.
    await refused(['--host', '192.0.2.1', '--token', 'a-long-secret', '--port', '0'], '--host 192.0.2.1: not an address of this machine');
  }, 30_000);

  it('a --data that is a file, under a file, under /proc, or on a read-only file system', async () => {
    await refused(['--port', '0', '--data', aFile], `--data ${aFile}: cannot hold run logs: it is a file, not a directory (EEXIST)`);
    await refused(
      ['--port', '0', '--data', join(aFile, 'logs')],
      `--data ${join(aFile, 'logs')}: cannot hold run logs: it (or a folder on its path) is a file, not a directory (ENOTDIR)`,
    );
    // Node's recursive mkdir never returned here: the service sat silent and answered nothing.
    await refused(
      ['--port', '0', '--data', '/proc/boden-logs'],
      '--data /proc/boden-logs: cannot hold run logs: its parent folder does not exist and cannot be created (ENOENT)',
    );
    const small = mountSmallFileSystem(256);
    if ('skip' in small) {
      console.warn(`skipping --data on a read-only file system: ${small.skip}`);
      return;
    }
    try {
      small.readOnly();
      await refused(
        ['--port', '0', '--data', join(small.path, 'logs')],
        /--data .*: cannot hold run logs: the file system is read-only \(EROFS\)/,
      );
    } finally {
      small.unmount();
    }
  }, 30_000);

  it('binding beyond loopback without a token, in one line that ends with a newline', async () => {
    const saved = process.env.BODEN_TOKEN;
    delete process.env.BODEN_TOKEN;
    try {
      expect(await refused(['--host', '0.0.0.0', '--port', '0'], /needs --token or BODEN_TOKEN/)).toBe(
        'boden serve: binding 0.0.0.0 (not loopback) needs --token or BODEN_TOKEN\n',
      );
    } finally {
      if (saved !== undefined) process.env.BODEN_TOKEN = saved;
    }
  });
});

describe('boden serve cuts off a client that sends its request too slowly', () => {
  it('answers 408 and closes the connection once --request-timeout has passed, and keeps serving others', async () => {
    const { app } = await createServeApp({ requestTimeoutMs: 300 });
    const url = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    try {
      const socket = connect(Number(url.port), url.hostname);
      let heard = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (heard += chunk));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // Headers and a tenth of the body it announces, then a byte now and then: never the whole request.
      socket.write('POST /runs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"id":');
      const drip = setInterval(() => socket.write(' '), 100);
      // Bounded by the test's own timeout: before the fix the connection stayed open for good (330 s seen).
      await closed;
      clearInterval(drip);
      expect(heard).toMatch(/^HTTP\/1\.1 408/);
      expect((await fetch(`${url.origin}/health`)).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 30_000);
});
