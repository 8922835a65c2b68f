import type { EpisodeProfile } from './episode-profile.js';
import { substantiveChanges } from './line-comparison.js';

// `for lr in [§, §, §]:`, `for depth in (§, §):`, `for seed in range(§):` after masking: a loop over literal values.
const literalLoop = /^for ([A-Za-z_]\w*) in(?:\[[^\]]*\]|\([^()]*\)|range\([^()]*\)):$/;
// A value another line can hold where the loop's variable now stands: a masked number or a quoted string.
const literal = /§|'[^']*'|"[^"]*"/g;

/**
 * The hyper-parameter an episode sweeps, read from its code against the episode it is compared with: it adds a
 * loop over literal values, and every other line it adds is a line it dropped with one literal replaced by the
 * loop's variable (`lr=§` → `lr=lr`). Null when the change is anything more. This is what AI-Scientist-v2 writes as
 * "Hyperparam tuning name: …", read from what changed rather than from one agent's header, so any wording of the
 * same sweep is the same evidence. Hand-written: a few lines over the masked lines the judge already has.
 */
export function inferredSweep(profile: EpisodeProfile, reference: EpisodeProfile): string | null {
  const { added, removed } = substantiveChanges(profile, reference);
  for (const loop of added) {
    const variable = literalLoop.exec(loop)?.[1];
    if (variable === undefined) continue;
    const rest = added.filter((line) => line !== loop);
    const replaced = new Set<string>();
    const explained = rest.every((line) => {
      const source = removed.find((candidate) => !replaced.has(candidate) && replacesOneLiteral(candidate, line, variable));
      if (source === undefined) return false;
      replaced.add(source);
      return true;
    });
    if (explained && rest.length > 0 && replaced.size === removed.length) return variable;
  }
  return null;
}

/** True when `line` is `original` with exactly one of its literals replaced by `variable`. */
function replacesOneLiteral(original: string, line: string, variable: string): boolean {
  for (const match of original.matchAll(literal)) {
    const index = match.index!;
    if (original.slice(0, index) + variable + original.slice(index + match[0].length) === line) return true;
  }
  return false;
}
