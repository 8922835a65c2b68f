import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { commandDescriptions } from './command-descriptions.js';
import { buildCorpus } from '../corpus/build-corpus.js';
import { readCorpusManifest } from '../corpus/corpus-files.js';
import { corpusManifestName } from '../corpus/corpus-manifest.js';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { wholeNumberOption } from './bootstrap-options.js';
import { processIo, type CliIo } from './cli-io.js';
import { ExitCode } from './exit-code.js';
import { describeFailure } from './describe-failure.js';
import { trajectoryReader } from '../../adapters/trajectory/index.js';

interface CorpusBuildOptions {
  task: string;
  out: string;
  dimensions?: number;
  store: 'hnsw' | 'lancedb';
}

// Without --dimensions: those of the corpus being appended to, else the hashing embedder's default.
async function embedderDimensions(options: CorpusBuildOptions): Promise<number | undefined> {
  if (options.dimensions !== undefined) return options.dimensions;
  const manifest = join(options.out, corpusManifestName);
  const present = await access(manifest).then(
    () => true,
    () => false,
  );
  return present ? (await readCorpusManifest(options.out)).embedder.dimensions : undefined;
}

/** `boden corpus build <inputs...>`: summarises, embeds and indexes a task's solutions into a corpus directory. */
export function corpusCommand(setExitCode: (code: ExitCode) => void, io: CliIo = processIo): Command {
  const build = new Command('build')
    .description("build (or append to) a corpus of a task's solutions: source files, notebooks, JSONL records, trajectories")
    .argument('<inputs...>', 'solution files and directories (.py, .ipynb, .jsonl records, trajectories)')
    .requiredOption('--task <id>', 'the task the solutions belong to; records of another task are skipped')
    .requiredOption('--out <dir>', 'the corpus directory; created when absent, appended to when it holds a corpus')
    .addOption(
      wholeNumberOption('--dimensions <n>', "dimensions of the hashing embedder, 8-65536 (default: the existing corpus's, else 512)", {
        minimum: 8,
        maximum: 65_536,
      }),
    )
    .addOption(
      new Option(
        '--store <kind>',
        'where a new corpus keeps its vectors: hnsw (an index file, loaded into memory) or lancedb (a LanceDB table in --out, searched on disk; for 10^5-10^6 solutions); an existing corpus keeps its own',
      )
        .choices(['hnsw', 'lancedb'])
        .default('hnsw'),
    )
    .exitOverride()
    .showHelpAfterError()
    .action(async (inputs: string[], options: CorpusBuildOptions) => {
      try {
        const dimensions = await embedderDimensions(options);
        const embedder = new HashingEmbedder(dimensions === undefined ? {} : { dimensions });
        const { corpus, added, skipped } = await buildCorpus({
          trajectories: trajectoryReader,
          inputs,
          task: options.task,
          out: options.out,
          embedder,
          store: options.store,
        });
        for (const item of skipped) io.stderr.write(`boden corpus build: skipped ${item.file}: ${item.reason}\n`);
        io.stdout.write(
          `added ${added.length} solution(s) to ${options.out} (task ${corpus.task}, ${corpus.size} in the corpus), skipped ${skipped.length} input(s)\n`,
        );
        setExitCode(skipped.length > 0 ? ExitCode.findings : ExitCode.ok);
      } catch (error) {
        io.stderr.write(`boden corpus build: ${describeFailure(error)}\n`);
        setExitCode(ExitCode.usageOrInputError);
      }
    });
  return new Command('corpus').description(commandDescriptions.corpus).addCommand(build);
}
