import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importTrajectory } from '../../../adapters/trajectory/index.js';
import { BodenError, scoreRun, type TrajectoryFormat } from '../../../src/index.js';
import { projectRoot } from '../../support/shared-data.js';
import { useTemporaryDirectory } from '../../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-faults-');

// Well-formed trajectories of each text format, as the importers' own tests build them.
const aideNode = (id: string, step: number, value: unknown) => ({
  id,
  step,
  plan: `plan ${id}`,
  code: `import numpy\nx = ${step}`,
  is_buggy: value === null,
  metric: { value, maximize: true },
});
const stageNode = (id: string, step: number, finalValue: unknown) => ({
  ...aideNode(id, step, null),
  is_buggy: false,
  is_seed_node: false,
  metric: {
    value: {
      metric_names: [{ metric_name: 'loss', lower_is_better: true, data: [{ dataset_name: 'd', final_value: finalValue, best_value: 1 }] }],
    },
    maximize: null,
  },
});
const dojoLine = (step: number, parents: number[], metric: number | null) => ({
  step,
  id: `n${step}`,
  plan: `plan ${step}`,
  code: `code ${step}`,
  metric,
  metric_maximize: true,
  is_buggy: metric === null,
  parents,
  operators_used: [step === 0 ? 'draft' : 'improve'],
});

interface Base {
  readonly name: string;
  readonly format: TrajectoryFormat;
  /** JSON documents: one for a journal, one per line for JSON lines. */
  readonly documents: unknown[];
  readonly lines: boolean;
}

const bases: readonly Base[] = [
  {
    name: 'the shipped AIDE example journal',
    format: 'aide-journal-v2',
    documents: [JSON.parse(readFileSync(join(projectRoot, 'examples', 'aide-tabular-run.journal.json'), 'utf8'))],
    lines: false,
  },
  {
    name: 'an AIDE journal',
    format: 'aide-journal-v2',
    documents: [
      { nodes: [aideNode('a', 0, 0.5), aideNode('b', 1, null), aideNode('c', 2, 0.7)], node2parent: { b: 'a', c: 'a' }, __version: '2' },
    ],
    lines: false,
  },
  {
    name: 'an AI-Scientist-v2 stage journal',
    format: 'ai-scientist-v2-stage-journal',
    documents: [{ nodes: [stageNode('a', 0, 0.4), stageNode('b', 1, 0.3)], node2parent: { b: 'a' }, __version: '2' }],
    lines: false,
  },
  {
    name: 'an AIRA-dojo journal',
    format: 'aira-dojo-journal-jsonl',
    documents: [dojoLine(0, [], null), dojoLine(1, [0], 0.5), dojoLine(2, [1], 0.6)],
    lines: true,
  },
];

type Path = (string | number)[];

/** Every path into a JSON value (the root included). */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  return here;
}

/** A deep copy of `root` with the value at `path` replaced (`undefined` deletes it). */
function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = structuredClone(root);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy;
}

/** The odd values real files hold: wrong types, empty and huge strings, control characters, deep nesting. */
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, '', '\u001b[31mred\u001b[0m\nnext', '\uFEFF', 'NaN', -0, 1e308, -1, 0.5, true, [], {}, 'x'.repeat(20_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A structural fault: one value of one document replaced by an odd value, or removed. */
const structuralFault = (base: Base) =>
  fc.integer({ min: 0, max: base.documents.length - 1 }).chain((documentIndex) => {
    const paths = pathsOf(base.documents[documentIndex]);
    return fc.record({
      documentIndex: fc.constant(documentIndex),
      path: fc.constantFrom(...paths),
      value: fc.option(oddValue, { nil: undefined, freq: 4 }),
    });
  });

/** A textual fault of the serialised file: truncated, a span overwritten, or bytes inserted. */
const textualFault = fc.record({
  kind: fc.constantFrom('truncate', 'overwrite', 'insert'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  text: fc.string({ unit: 'binary', maxLength: 12 }),
});

function serialise(base: Base, documents: unknown[]): string {
  // A removed root serialises to nothing: an empty line or an empty file, faults of their own.
  return base.lines
    ? documents.map((document) => JSON.stringify(document) ?? '').join('\n')
    : (JSON.stringify(documents[0], null, 1) ?? '');
}

let written = 0;
/** Imports `text` as a trajectory file (with and without naming the format) and scores every run it yields. */
async function importAndScore(text: string, format: TrajectoryFormat, named: boolean): Promise<'imported' | 'refused'> {
  written += 1;
  const file = join(directory, `fault-${written}.${format.endsWith('jsonl') ? 'jsonl' : 'json'}`);
  writeFileSync(file, text);
  let runs;
  try {
    runs = await importTrajectory(file, named ? { format } : {});
  } catch (error) {
    // Refused: a typed boden error whose message names the file, never a bare TypeError or a stack trace.
    expect(BodenError.isInstance(error), `${file}: ${String((error as Error)?.stack ?? error)}`).toBe(true);
    expect((error as Error).message).toContain(file);
    return 'refused';
  }
  for (const run of runs) {
    const report = await scoreRun(run);
    expect(report.episodes.length).toBe(run.episodes.length);
  }
  return 'imported';
}

describe('the standing fault suite: malformed trajectories are refused with a typed error naming the file, or imported and scored', () => {
  for (const base of bases) {
    it(`${base.name}: one value replaced by an odd one or removed`, async () => {
      const outcomes = { imported: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(structuralFault(base), fc.boolean(), async ({ documentIndex, path, value }, named) => {
          const documents = base.documents.map((document, index) =>
            index === documentIndex ? withValueAt(document, path, value) : document,
          );
          outcomes[await importAndScore(serialise(base, documents), base.format, named)] += 1;
        }),
        { seed: 20261202, numRuns: 120 },
      );
      // Both outcomes happen: the generator reaches faults the importer refuses and ones it tolerates.
      expect(outcomes.refused).toBeGreaterThan(0);
      expect(outcomes.imported).toBeGreaterThan(0);
    }, 120_000);

    it(`${base.name}: the file truncated, overwritten or given stray bytes`, async () => {
      const text = serialise(base, base.documents);
      const outcomes = { imported: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(textualFault, fc.boolean(), async ({ kind, at, text: stray }, named) => {
          const position = Math.floor(at * text.length);
          const faulty =
            kind === 'truncate'
              ? text.slice(0, position)
              : kind === 'overwrite'
                ? text.slice(0, position) + stray + text.slice(position + stray.length)
                : text.slice(0, position) + stray + text.slice(position);
          outcomes[await importAndScore(faulty, base.format, named)] += 1;
        }),
        { seed: 20261202, numRuns: 120 },
      );
      expect(outcomes.refused).toBeGreaterThan(0);
    }, 120_000);
  }
});
