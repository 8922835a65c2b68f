#!/usr/bin/env node
// `boden-bench demo|bench ...`: the same commands as `boden demo|bench ...` once boden-bench is installed.
import { runBenchCli } from './index.mjs';

process.exitCode = await runBenchCli(process.argv);
