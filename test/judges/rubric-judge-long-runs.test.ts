import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expandTrajectoryInputs, importTrajectory } from '../../adapters/trajectory/index.js';
import { ConceptExtractor } from '../../src/concepts/concept-extractor.js';
import type { JudgedEpisode } from '../../src/judges/judge.js';
import { profileEpisode } from '../../src/judges/episode-profile.js';
import { similarityWindow } from '../../src/judges/similarity-window.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { RunHistory } from '../../src/judges/run-history.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';

// Score and a digest of evidence + rationale of every shared episode, written by the judge before it kept only
// hashes and the latest profiles of a run (commit 1a05e3b): the oracle that the lean history changes no verdict.
const expected = JSON.parse(readFileSync(new URL('../fixtures/shared-rubric-evidence.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

async function judgeAllShared(judge: RubricJudge, growOneArray: boolean): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const input of await expandTrajectoryInputs([sharedDataPath('trajectories')])) {
    for (const run of await importTrajectory(input)) {
      const growing: JudgedEpisode[] = [];
      run.episodes.forEach((episode, index) => {
        const earlier = growOneArray ? growing : run.episodes.slice(0, index);
        const evidence = judge.evidence({ runId: run.id, episode, earlier });
        const verdict = judge.verdict({ runId: run.id, episode, earlier });
        const digest = createHash('sha256')
          .update(JSON.stringify(evidence) + verdict.rationale)
          .digest('hex')
          .slice(0, 16);
        found[`${run.id}/${episode.id}`] = `${verdict.score} ${digest}`;
        growing.push(episode);
      });
    }
  }
  return found;
}

describe.skipIf(!hasSharedData)('the rubric judge on the 449 shared episodes', () => {
  it('gives the verdicts and evidence it gave before its history was made lean', async () => {
    const found = await judgeAllShared(new RubricJudge(), false);
    expect(Object.keys(found)).toHaveLength(449);
    expect(found).toEqual(expected);
  });

  it('gives the same with one cached profile per run (every parent profiled again) and one growing earlier array', async () => {
    const found = await judgeAllShared(new RubricJudge({ maxCachedProfiles: 1 }), true);
    expect(found).toEqual(expected);
  });
});

describe('RunHistory on a long run', () => {
  const episodes = Array.from({ length: 5 * similarityWindow }, (_, index) => ({
    id: `e${index}`,
    plan: `variant ${index}`,
    code: `import numpy as np\nx_${index} = np.zeros(3)\nprint(x_${index})\n`,
    summary: null,
  }));

  it('keeps whole profiles of the latest episodes only, and finds any episode by id', () => {
    const history = new RunHistory(new ConceptExtractor());
    for (const episode of episodes) history.add(profileEpisode(episode));
    expect(history.size).toBe(episodes.length);
    expect(history.recent.length).toBeGreaterThanOrEqual(similarityWindow);
    expect(history.recent.length).toBeLessThan(2 * similarityWindow);
    expect(history.recent.at(-1)!.id).toBe(episodes.at(-1)!.id);
    expect(history.indexOf('e3')).toBe(3);
    expect(history.idAt(3)).toBe('e3');
    expect(history.hasLine('x_§=np.zeros(§)')).toBe(true);
    expect(history.hasLine('y=np.ones(§)')).toBe(false);
    expect(history.sameCodeAs(profileEpisode({ ...episodes[7]!, id: 'copy' }))).toBe('e7');
  });

  it('compares a late episode with a parent far outside the window', () => {
    const judge = new RubricJudge();
    const parent = episodes[2]!;
    const child = {
      id: 'child',
      plan: 'seed change',
      code: parent.code.replace('zeros(3)', 'zeros(4)'),
      summary: null,
      parentEpisodeId: parent.id,
    };
    const evidence = judge.evidence({ runId: 'long', episode: child, earlier: episodes });
    expect(evidence.referenceId).toBe(parent.id);
    expect(evidence.referenceIsParent).toBe(true);
    expect(evidence.numbersOnlyChangeOf).toBe(parent.id);
  });

  it('rebuilds the history when earlier is not an extension of the last call', () => {
    const judge = new RubricJudge();
    const position = episodes.length - 1 - 2 * similarityWindow;
    const copy = { ...episodes[position]!, id: 'copy' };
    expect(judge.evidence({ runId: 'run', episode: copy, earlier: episodes }).sameCodeAs).toBe(`e${position}`);
    // Same length, one id changed far behind the latest: a power-of-two probe sees it, and the copy now matches it.
    const rewritten = episodes.map((episode, index) => (index === position ? { ...episode, id: 'renamed' } : episode));
    expect(judge.evidence({ runId: 'run', episode: copy, earlier: rewritten }).sameCodeAs).toBe('renamed');
  });
});
