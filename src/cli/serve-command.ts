import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { wholeNumberOption } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';

interface ServeCommandOptions {
  host: string;
  port: number;
  data?: string;
  token?: string;
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
    .addOption(wholeNumberOption('--port <n>', 'port (0 picks a free one, printed at start)', { minimum: 0, defaultValue: 7878 }))
    .option('--data <dir>', 'directory of the run logs: every acknowledged call is fsynced there and replayed at start')
    .option('--token <secret>', 'require Authorization: Bearer <secret> on every request (default BODEN_TOKEN)')
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
        served = await createServeApp({ dataDirectory: options.data ?? null, token });
        await served.app.listen({ host: options.host, port: options.port });
      } catch (error) {
        io.stderr.write(`boden serve: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
        await served?.app.close();
        return;
      }
      const address = served.app.server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      io.stderr.write(`boden serve: listening on http://${host}:${address.port} (${served.runs.ids().length} run(s)${options.data ? `, logs in ${options.data}` : ', in memory only'})\n`);
      for (const id of served.runs.tornTails) io.stderr.write(`boden serve: run ${id}: dropped a torn last record (a write cut by a crash, never acknowledged)\n`);
      await new Promise<void>((resolve) => {
        const done = () => resolve();
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
        void stop?.then(done);
      });
      await served.app.close();
      io.stderr.write('boden serve: stopped\n');
      setExitCode(ExitCode.ok);
    });
}
