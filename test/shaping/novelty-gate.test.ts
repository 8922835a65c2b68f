import { describe, expect, it } from 'vitest';
import { noveltyGate } from '../../src/shaping/novelty-gate.js';
import type { NoveltyConfirmation } from '../../src/shaping/novelty-gate-options.js';
import { parseNoveltyVerdict } from '../../src/shaping/novelty-verdict.js';
import type { Selection, SelectionRequest } from '../../src/shaping/selector.js';
import type { CandidateRejectedEvent } from '../../src/shaping/shaping-events.js';
import { wrapSelector } from '../../src/shaping/wrap-selector.js';
import { candidates, forbiddenRandom, shapingNode, tableNovelty } from './shaping-fixtures.js';

const novelty = { fresh: 0.4, copy1: 0.001, copy2: 0.002, copy3: 0, copy4: 0.003, fix: 0, edge: 0.01 };

function gated(options: { maxResamples?: number; confirm?: NoveltyConfirmation } = {}) {
  const seen: SelectionRequest<string>[] = [];
  const shaped = wrapSelector({
    selector: (request: SelectionRequest<string>): Selection<string> => {
      seen.push(request);
      return { action: 'improve', chosen: request.candidates.slice(0, 1) };
    },
    middleware: noveltyGate({ source: tableNovelty(novelty), threshold: 0.01, ...options }),
  });
  const rejected: CandidateRejectedEvent[] = [];
  shaped.events.on('candidate-rejected', (event) => rejected.push(event));
  return { shaped, seen, rejected };
}

describe('noveltyGate', () => {
  it('rejects a near-duplicate before evaluation and asks for at most maxResamples new proposals in a row', async () => {
    const { shaped, rejected } = gated({ maxResamples: 2 });
    await expect(shaped.admit(shapingNode('fresh'))).resolves.toMatchObject({ accepted: true, novelty: { table: 0.4 } });
    await expect(shaped.admit(shapingNode('edge'))).resolves.toMatchObject({ accepted: true });
    const series = [];
    for (const id of ['copy1', 'copy2', 'copy3', 'copy4']) series.push(await shaped.admit(shapingNode(id)));
    expect(series.map((admission) => [admission.accepted, admission.resample, admission.rejectedBy])).toEqual([
      [false, true, 'novelty-gate'],
      [false, true, 'novelty-gate'],
      [false, false, 'novelty-gate'],
      [false, true, 'novelty-gate'],
    ]);
    expect(rejected.map((event) => [event.id, event.reason, event.consecutiveRejections, event.resample])).toEqual([
      ['copy1', 'near-duplicate', 1, true],
      ['copy2', 'near-duplicate', 2, true],
      ['copy3', 'near-duplicate', 3, false],
      ['copy4', 'near-duplicate', 1, true],
    ]);
    expect(rejected[0]).toMatchObject({ source: 'table', novelty: 0.001, threshold: 0.01 });
  });

  it('never lets a rejected node be chosen as a parent', async () => {
    const { shaped, seen } = gated();
    await shaped.admit(shapingNode('copy1'));
    const selection = await shaped({ candidates: candidates({ copy1: 10, fresh: 1 }), random: forbiddenRandom });
    expect(seen[0]?.candidates.map((candidate) => candidate.id)).toEqual(['fresh']);
    expect(selection.chosen.map((candidate) => candidate.id)).toEqual(['fresh']);
  });

  it('lets debug fixes through: they are meant to resemble their parent', async () => {
    const { shaped } = gated();
    await expect(shaped.admit(shapingNode('fix', 'debug'))).resolves.toMatchObject({ accepted: true });
    await expect(shaped.admit(shapingNode('fix', 'improve'))).resolves.toMatchObject({ accepted: false });
  });

  it('asks the confirmation only for near-duplicates and parses its verdict strictly, degrading to rejection', async () => {
    const replies: Record<string, string | Error> = {
      copy1: '**NOVEL** — a different model',
      copy2: 'NOT_NOVEL: same code',
      copy3: 'NOT NOVEL',
      copy4: new Error('timeout'),
    };
    const asked: string[] = [];
    const { shaped, rejected } = gated({
      maxResamples: 9,
      confirm: ({ node }) => {
        asked.push(node.id);
        const reply = replies[node.id]!;
        if (reply instanceof Error) throw reply;
        return reply;
      },
    });
    const admissions = [];
    for (const id of ['fresh', 'copy1', 'copy2', 'copy3', 'copy4']) admissions.push((await shaped.admit(shapingNode(id))).accepted);
    expect(asked).toEqual(['copy1', 'copy2', 'copy3', 'copy4']);
    expect(admissions).toEqual([true, true, false, false, false]);
    expect(rejected.map((event) => event.reason)).toEqual(['confirmed-duplicate', 'unparseable-confirmation', 'confirmation-failed']);
  });
});

describe('parseNoveltyVerdict', () => {
  it.each([
    ['NOVEL', 'NOVEL'],
    ['NOVEL: the proposal swaps the model family', 'NOVEL'],
    ['**NOVEL**\nBecause ...', 'NOVEL'],
    ['  NOT_NOVEL - only renames', 'NOT_NOVEL'],
    ['**NOT_NOVEL**', 'NOT_NOVEL'],
    ['NOT NOVEL', undefined],
    ['novel', undefined],
    ['NOVELTY is high', undefined],
    ['The code is NOVEL', undefined],
    ['', undefined],
  ])('%j → %s', (text, verdict) => {
    expect(parseNoveltyVerdict(text)).toBe(verdict);
  });
});
