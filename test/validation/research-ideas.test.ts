import { describe, expect, it } from 'vitest';
import { researchIdeas } from '../../src/validation/research-ideas.js';
import { runOf } from './run-fixture.js';

/** A run whose episodes have these codes (the rest of each episode does not matter here). */
const run = (id: string, codes: readonly string[]) =>
  runOf(
    id,
    codes.map((code) => ({ plan: 'plan', code })),
  );

describe('researchIdeas', () => {
  it("joins runs that share an episode's code, transitively, and keeps the others apart", () => {
    const ideas = researchIdeas([
      run('idea-a-s2', ['a1', 'a2']),
      run('idea-a-s3', ['a2', 'a3']),
      run('idea-a-s4', ['a3 ', 'a4']), // the same code up to surrounding whitespace
      run('renamed-copy', ['b1']),
      run('idea-b', ['b1', 'b2']),
      run('alone', ['c1', '']),
      run('also-empty', ['']), // empty code joins nothing
    ]);
    expect(ideas.get('idea-a-s2')).toBe('idea-a-s2 + idea-a-s3 + idea-a-s4');
    expect(ideas.get('idea-a-s4')).toBe(ideas.get('idea-a-s2'));
    expect(ideas.get('renamed-copy')).toBe('idea-b + renamed-copy');
    expect(ideas.get('alone')).toBe('alone');
    expect(ideas.get('also-empty')).toBe('also-empty');
  });

  it('joins runs the labels name into one group, under that name', () => {
    const ideas = researchIdeas(
      [run('x', ['1']), run('y', ['2']), run('z', ['3'])],
      new Map([
        ['x', 'hubble'],
        ['z', 'hubble'],
        ['not-a-run', 'other'],
      ]),
    );
    expect(ideas.get('x')).toBe('hubble');
    expect(ideas.get('z')).toBe('hubble');
    expect(ideas.get('y')).toBe('y');
  });
});
