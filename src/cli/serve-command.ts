import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { wholeNumberOption } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';
import { DataDirectoryError } from '../errors/data-directory-error.js';

interface ServeCommandOptions {
  host: string;
  port: number;
  data?: string;
  token?: string;
  requestTimeout: number;
}

/** What a failed `listen` means for the user, naming the option to change; undefined for other failures. */
function describeListenFailure(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return `--port ${port}: the port is taken on ${host} (is another boden serve running? --port 0 picks a free one)`;
  if (code === 'EACCES' || code === 'EPERM')
    return `--port ${port}: permission denied (ports below 1024 need privileges; --port 0 picks a free one)`;
  if (code === 'EADDRNOTAVAIL') return `--host ${host}: not an address of this machine`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL')
    return `--host ${host}: no such host (${code})`;
  if (code === 'EAFNOSUPPORT' || code === 'EINVAL') return `--host ${host}: cannot bind it (${code})`;
  return undefined;
}

const loopback = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * `boden serve`: the online side of boden over HTTP/JSON for hosts in any language (Python search loops). Runs until
 * SIGINT or SIGTERM (or `stop`, for tests); with `--data` every acknowledged call is in a run log first, replayed at
 * the next start.
 */
export function serveCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo, stop?: Promise<void>): Command {
  return new Command('serve')
    .description(commandDescriptions.serve)
    .option('--host <address>', 'address to bind; other than loopback it needs --token', '127.0.0.1')
    .addOption(
      wholeNumberOption('--port <n>', 'port (0 picks a free one, printed at start)', { minimum: 0, maximum: 65535, defaultValue: 7878 }),
    )
    .option('--data <dir>', 'directory of the run logs: every acknowledged call is fsynced there and replayed at start')
    .option('--token <secret>', 'require Authorization: Bearer <secret> on every request (default BODEN_TOKEN)')
    .addOption(
      wholeNumberOption(
        '--request-timeout <ms>',
        'a client must send a whole request within this time, else 408 and the connection is cut',
        { minimum: 1, defaultValue: 60_000 },
      ),
    )
    .action(async (options: ServeCommandOptions) => {
      // An empty BODEN_TOKEN is no token.
      const token = options.token ?? (process.env.BODEN_TOKEN || null);
      if (token !== null && token.length < 8) {
        io.stderr.write('boden serve: a --token (or BODEN_TOKEN) must have at least 8 characters\n');
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      if (!loopback.has(options.host) && token === null) {
        io.stderr.write(`boden serve: binding ${options.host} (not loopback) needs --token or BODEN_TOKEN\n`);
        setExitCode(ExitCode.usageOrInputError);
        return;
      }
      let served;
      try {
        // Imported here: Fastify and the metrics registry load only for the command that serves.
        const { createServeApp } = await import('../serve/create-serve-app.js');
        served = await createServeApp({ dataDirectory: options.data ?? null, token, requestTimeoutMs: options.requestTimeout });
        await served.app.listen({ host: options.host, port: options.port });
      } catch (error) {
        const message = DataDirectoryError.isInstance(error)
          ? `--data ${error.path}: cannot hold run logs: ${error.reason}`
          : (describeListenFailure(error, options.host, options.port) ?? describeFailure(error));
        io.stderr.write(`boden serve: ${message}\n`);
        setExitCode(ExitCode.usageOrInputError);
        await served?.app.close().catch(() => {});
        return;
      }
      const address = served.app.server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      io.stderr.write(
        `boden serve: listening on http://${host}:${address.port} (${served.runs.ids().length} run(s)${options.data ? `, logs in ${options.data}` : ', in memory only'})\n`,
      );
      for (const id of served.runs.tornTails)
        io.stderr.write(`boden serve: run ${id}: dropped a torn last record (a write cut by a crash, never acknowledged)\n`);
      for (const recovery of served.runs.recoveries) {
        const what =
          recovery.action === 'cut'
            ? `cut out damaged line(s) ${recovery.lines.join(', ')}, kept in ${recovery.keptAt}`
            : recovery.action === 'set-aside'
              ? `not loaded; the file was moved to ${recovery.keptAt}`
              : 'not loaded; the file was left as it is';
        io.stderr.write(
          `boden serve: ${recovery.file}${recovery.runId === null ? '' : ` (run ${recovery.runId})`}: ${what} (${recovery.reason})\n`,
        );
      }
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
        void stop?.then(done);
        // Started by `npx boden serve`: npm does not pass a kill of its own process on, so `npx boden serve &` then
        // `kill %1` left the service running and the port taken (issue #37). Stop when the process npx started
        // this one from is gone (this process was handed to another parent). Only under npx: a service started
        // directly may be meant to outlive its shell.
        if (process.env.npm_command === 'exec') {
          const parent = process.ppid;
          setInterval(() => {
            if (process.ppid !== parent) {
              io.stderr.write(`boden serve: the npx process that started it (pid ${parent}) has ended\n`);
              done();
            }
          }, 500).unref();
        }
      });
      await served.app.close();
      io.stderr.write('boden serve: stopped\n');
      setExitCode(ExitCode.ok);
    });
}
