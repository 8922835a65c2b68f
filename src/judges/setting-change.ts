import type { ConceptExtractor } from '../concepts/concept-extractor.js';
import type { EpisodeProfile } from './episode-profile.js';
import { substantiveChanges } from './line-comparison.js';

/** One replacement of a setting change: the tokens before and after, joined (masked; empty when added or dropped). */
export interface SettingReplacement {
  readonly from: string;
  readonly to: string;
}

/** What a setting change replaced, and whether any replacement swapped a component for one of the same kind. */
export interface SettingChange {
  /** The distinct replacements, in the order the episode's lines show them. */
  readonly replacements: readonly SettingReplacement[];
  /** `component` when a replacement names components (`StandardScaler` → `RobustScaler`), else `value`. */
  readonly kind: 'value' | 'component';
}

// Identifiers (masked digits included), masked numbers, quoted strings, and any other character on its own.
const token = /[A-Za-z_][\w§]*|§[\w§]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\S/g;
const importLine = /^(?:from\s+\S+\s+)?import\s/;

/** Most changed lines (imports aside) a setting change touches: a setting is used in a line or two. */
const maxChangedLines = 8;
/** Most distinct replacements: a few settings at once are still settings (`interaction_only` dropped, a scaler swapped). */
const maxReplacements = 3;
/** Most tokens either side of one replacement: `interaction_only=True,` is 4, `Ridge(alpha=§` 5. */
const maxReplacementTokens = 6;
/** Most tokens either side of a changed line's middle (after the common beginning and end) that are aligned. */
const maxMiddleTokens = 48;

/**
 * The settings `profile` changes against `reference`, the program's structure otherwise kept, read from the code:
 * every substantive line it adds (imports aside) is one it drops with a few tokens replaced
 * (`("scale",StandardScaler())` → `("scale",RobustScaler())`, `strategy="median"` → `strategy="mean"`,
 * `degree=§,include_bias` → `degree=§,interaction_only=True,include_bias`), at most `maxReplacements` distinct
 * replacements of at most `maxReplacementTokens` tokens a side, each naming the same kinds of component before and
 * after (a scaler for a scaler, a linear model for a linear model, or no component at all: a value). Null when the
 * change adds or drops a line, drops a component or brings a new kind of one, or is larger. Numbers are masked
 * already: a change of numbers alone is the judge's `numbers-only` evidence. Whatever the plan says about it, such an
 * episode runs the method of the one it is compared with, so the rubric never calls it exploratory.
 */
export function settingChangeOf(
  profile: EpisodeProfile,
  reference: EpisodeProfile,
  extractor: Pick<ConceptExtractor, 'extractFromText' | 'concept'>,
): SettingChange | null {
  const changes = substantiveChanges(profile, reference);
  const added = changes.added.filter((line) => !importLine.test(line));
  const removed = changes.removed.filter((line) => !importLine.test(line));
  if (added.length === 0 || added.length !== removed.length || added.length > maxChangedLines) return null;
  const unpaired = removed.map((line) => line.match(token) ?? []);
  const replacements = new Map<string, { from: string[]; to: string[] }>();
  for (const line of added) {
    const tokens = line.match(token) ?? [];
    // The dropped line whose middle (after the common beginning and end) is shortest.
    let best: { at: number; middle: Middle } | undefined;
    unpaired.forEach((candidate, at) => {
      const middle = middleOf(candidate, tokens);
      if (best === undefined || middle.size < best.middle.size) best = { at, middle };
    });
    if (best === undefined) return null;
    const { at, middle } = best;
    unpaired.splice(at, 1);
    const hunks = alignedHunks(middle);
    if (hunks === null) return null;
    for (const hunk of hunks) {
      if (hunk.from.length > maxReplacementTokens || hunk.to.length > maxReplacementTokens) return null;
      replacements.set(`${hunk.from.join('')}\u0000${hunk.to.join('')}`, hunk);
    }
    if (replacements.size > maxReplacements) return null;
  }
  let kind: SettingChange['kind'] = 'value';
  for (const { from, to } of replacements.values()) {
    // A name with a masked number (`L§Loss`, `resnet§`) no longer says what it names.
    if ([...from, ...to].some((part) => part.includes('§') && part !== '§')) return null;
    const before = kindsOf(extractor, from);
    const after = kindsOf(extractor, to);
    if (before.size !== after.size || [...after].some((found) => !before.has(found))) return null;
    if (before.size > 0) kind = 'component';
  }
  if (replacements.size === 0) return null;
  return { replacements: [...replacements.values()].map(({ from, to }) => ({ from: from.join(''), to: to.join('') })), kind };
}

/** The differing middles of two token lines, after their common beginning and end. */
interface Middle {
  readonly from: readonly string[];
  readonly to: readonly string[];
  readonly size: number;
}

function middleOf(from: readonly string[], to: readonly string[]): Middle {
  let start = 0;
  while (start < from.length && start < to.length && from[start] === to[start]) start += 1;
  let end = 0;
  while (end < from.length - start && end < to.length - start && from[from.length - 1 - end] === to[to.length - 1 - end]) end += 1;
  const middleFrom = from.slice(start, from.length - end);
  const middleTo = to.slice(start, to.length - end);
  return { from: middleFrom, to: middleTo, size: middleFrom.length + middleTo.length };
}

/**
 * The runs of tokens `middle.to` puts where `middle.from` had others, by a longest common subsequence of the two
 * (so two settings changed far apart in one line are two replacements); null when a middle is too long to align.
 */
function alignedHunks(middle: Middle): { from: string[]; to: string[] }[] | null {
  const { from, to } = middle;
  if (from.length > maxMiddleTokens || to.length > maxMiddleTokens) return null;
  // lengths[i][j]: the longest common subsequence of from[i..] and to[j..].
  const width = to.length + 1;
  const lengths = new Uint8Array((from.length + 1) * width);
  for (let i = from.length - 1; i >= 0; i -= 1) {
    for (let j = to.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        from[i] === to[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const hunks: { from: string[]; to: string[] }[] = [];
  let open: { from: string[]; to: string[] } | undefined;
  let i = 0;
  let j = 0;
  while (i < from.length || j < to.length) {
    if (i < from.length && j < to.length && from[i] === to[j]) {
      open = undefined;
      i += 1;
      j += 1;
      continue;
    }
    if (open === undefined) hunks.push((open = { from: [], to: [] }));
    if (j >= to.length || (i < from.length && lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) open.from.push(from[i++]!);
    else open.to.push(to[j++]!);
  }
  return hunks;
}

/**
 * The kinds of component `tokens` name: a model's family (ridge and ordinary least squares are both `linear-model`),
 * any other concept itself (every scaler is `feature-scaling`; a loss, an optimiser or a feature family swapped for
 * another is a new element under the rubric, so each is a kind of its own).
 */
function kindsOf(extractor: Pick<ConceptExtractor, 'extractFromText' | 'concept'>, tokens: readonly string[]): Set<string> {
  const kinds = new Set<string>();
  for (const id of extractor.extractFromText(tokens.join(' '))) {
    const concept = extractor.concept(id);
    kinds.add(concept?.category === 'model' && concept.parent !== undefined ? `family:${concept.parent}` : id);
  }
  return kinds;
}
