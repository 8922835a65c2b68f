// The JavaScript door into boden-bench's TypeScript sources, for `boden demo` / `boden bench` and the
// `boden-bench` command: the benchmark runs from its sources through tsx, as its evaluation workers do
// (env/typescript-worker.mjs), so the package ships no build of its own.
import { tsImport } from 'tsx/esm/api';

/** Runs `boden bench` or `boden demo` from `argv` (node, script, command, ...); resolves to the exit code. */
export async function runBenchCli(argv) {
  const cli = await tsImport('./bench-cli.ts', import.meta.url);
  return cli.runBenchCli(argv);
}
