import type { EpisodeProfile } from './episode-profile.js';
import { substantiveChanges } from './line-comparison.js';
import { namesPlainSetting } from './setting-words.js';

// After masking: `for width in widths:`, `for lr in[§,§]:`, `for d in range(§):`; a name's own literal list is
// `widths=[§,§,§]` or `widths=(§,§)`.
const loop = /^for ([A-Za-z_]\w*) in(?: ?([A-Za-z_]\w*)|\[[^\]]*\]|\([^()]*\)|range\([^()]*\)):$/;
const literalList = /^([A-Za-z_]\w*)=(?:\[[^\]]*\]|\([^()]*\))$/;

/**
 * The plain setting an episode studies by looping over its values, read from its code against the episode it is
 * compared with: it adds a loop over literal values (directly, or over a name it assigns a literal list in an added
 * line), and the loop's variable or list names a plain setting (`for width in widths:` with `widths = [16, 32, 64]`:
 * `width`, the name returned).
 * This is what AI-Scientist-v2's ablation stage names in its header ("Network Width Ablation"), read from the code
 * so an agent that writes no header gets the same reading; unlike `inferredSweep` the rest of the code may change
 * with it (a study usually threads the setting through the model). Null when no added loop is one. Hand-written:
 * two patterns over the masked lines the judge already has.
 */
export function inferredSettingLoop(profile: EpisodeProfile, reference: EpisodeProfile): string | null {
  const { added } = substantiveChanges(profile, reference);
  const lists = new Set(added.map((line) => literalList.exec(line)?.[1]).filter((name): name is string => name !== undefined));
  for (const line of added) {
    const match = loop.exec(line);
    if (match === null) continue;
    const [, variable, over] = match;
    if (over !== undefined && !lists.has(over)) continue;
    const named = [variable!, ...(over === undefined ? [] : [over])].find((name) => namesPlainSetting(name));
    if (named !== undefined) return named;
  }
  return null;
}
