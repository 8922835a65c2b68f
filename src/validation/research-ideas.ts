import type { Run } from '../episode/run.js';

/**
 * Groups runs by research idea, for cross-validation that holds out everything an idea taught the judge: runs named
 * into one `group` by the labels, and runs that share an episode with identical code, are one idea (transitively).
 * AI-Scientist-v2 stages of one experiment start from each other's best node and carry its code verbatim, and a
 * renamed copy of a run (`hubble-tension-old-s4`) shares all of it; on the shared dev labels this finds the same
 * ideas as reading the runs, while runs of different ideas there never share an episode's code (their closest
 * episodes are at cosine 0.79 or less). Returns run id → idea id (the named group, else the member run ids joined
 * by " + ", sorted).
 */
export function researchIdeas(runs: readonly Run[], named: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const parent = new Map<string, string>(runs.map((run) => [run.id, run.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const union = (left: string, right: string) => parent.set(find(left), find(right));
  const byCode = new Map<string, string>();
  for (const run of runs) {
    for (const episode of run.episodes) {
      const code = episode.code.trim();
      if (code === '') continue;
      const other = byCode.get(code);
      if (other === undefined) byCode.set(code, run.id);
      else if (other !== run.id) union(run.id, other);
    }
  }
  const byName = new Map<string, string>();
  for (const [runId, group] of named) {
    if (!parent.has(runId)) continue;
    const other = byName.get(group);
    if (other === undefined) byName.set(group, runId);
    else union(runId, other);
  }
  const members = new Map<string, string[]>();
  for (const run of runs) members.set(find(run.id), [...(members.get(find(run.id)) ?? []), run.id]);
  const ideas = new Map<string, string>();
  for (const ids of members.values()) {
    const label = ids.map((id) => named.get(id)).find((group) => group !== undefined) ?? [...ids].sort().join(' + ');
    for (const id of ids) ideas.set(id, label);
  }
  return ideas;
}
