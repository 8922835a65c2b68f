#!/usr/bin/env node
import { ExitCode } from './exit-code.js';
import { runBoden } from './run-boden.js';

// A reader that stops early (`boden score … | head -1`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(ExitCode.ok);
  throw error;
});
process.exitCode = await runBoden(process.argv.slice(2));
