import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripBom } from '../../src/text/strip-bom.js';
import { readReferenceLabels } from '../../src/validation/reference-label.js';
import { runCli } from '../support/run-cli.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-bom-');
const bom = '\uFEFF';

describe('a UTF-8 byte-order mark before JSON lines is accepted', () => {
  it('stripBom removes one leading mark and nothing else', () => {
    expect(stripBom(`${bom}{"a":1}`)).toBe('{"a":1}');
    expect(stripBom(`{"a":"${bom}"}`)).toBe(`{"a":"${bom}"}`);
    expect(stripBom('')).toBe('');
  });

  it("boden's own episode JSON lines score the same with a mark as without", async () => {
    const exported = await runCli(['export', 'examples/aide-tabular-run.journal.json']);
    expect(exported.code).toBe(0);
    const plain = join(directory, 'episodes.jsonl');
    const marked = join(directory, 'episodes-bom.jsonl');
    writeFileSync(plain, exported.stdout);
    writeFileSync(marked, bom + exported.stdout);
    const [withoutMark, withMark] = await Promise.all([runCli(['score', plain, '--json']), runCli(['score', marked, '--json'])]);
    expect(withMark.stderr).toBe('');
    expect(withMark.code).toBe(0);
    expect(withMark.stdout.replaceAll('episodes-bom.jsonl', 'episodes.jsonl')).toBe(withoutMark.stdout);
  });

  it('a reference-labels file read by boden validate', async () => {
    const label = { run: 'r', file: 'trajectories/r.json', episode: 0, node_id: 'n0', label: 2 };
    const file = join(directory, 'labels.jsonl');
    writeFileSync(file, `${bom}${JSON.stringify(label)}\n${JSON.stringify({ ...label, episode: 1, node_id: 'n1', label: 0 })}\n`);
    expect((await readReferenceLabels(file)).map((read) => read.node_id)).toEqual(['n0', 'n1']);
    expect(readFileSync(file, 'utf8').startsWith(bom)).toBe(true);
  });
});
