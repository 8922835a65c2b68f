import { hashString53 } from '../embedder/string-hash.js';
import { codeLines } from './code-lines.js';
import type { JudgedEpisode } from './judge.js';
import { isReportingLine, isStructureLine } from './reporting-line.js';

/** What the rubric judge reads of one episode's own text, computed once and reused while it is an earlier episode. */
export interface EpisodeProfile {
  readonly id: string;
  /** The texts the profile was computed from, so a cache can tell a changed episode from the same one. */
  readonly plan: string;
  readonly code: string;
  /** `hashString53` of the code's logical lines without comments and layout (`codeLines`): equal means the same program. */
  readonly codeHash: number;
  /** The same of the lines with numbers masked: equal means the programs differ at most in numeric literals. */
  readonly maskedHash: number;
  /** The same of the plan lower-cased with whitespace folded; null when the plan is too short to name an approach. */
  readonly planHash: number | null;
  /** Every masked line. */
  readonly lines: ReadonlySet<string>;
  /** The masked lines that do something: neither reporting/saving lines nor brackets only. */
  readonly substantiveLines: ReadonlySet<string>;
  /** The code's physical lines, trimmed, comments and all: where concepts are looked for. */
  readonly rawLines: ReadonlySet<string>;
  /** `hashString53` of each substantive and each raw line, in the sets' order: the run history's keys, hashed once. */
  readonly substantiveHashes: Float64Array;
  readonly rawHashes: Float64Array;
}

/** Profiles `episode`'s plan and code: its raw, normalised and masked lines, and which of them are substantive. */
export function profileEpisode(episode: JudgedEpisode): EpisodeProfile {
  const { lines, masked } = codeLines(episode.code);
  const substantiveLines = new Set(masked.filter((line) => !isReportingLine(line) && !isStructureLine(line)));
  const rawLines = new Set<string>();
  for (const line of episode.code.split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') rawLines.add(trimmed);
  }
  return {
    id: episode.id,
    plan: episode.plan,
    code: episode.code,
    codeHash: hashString53(lines.join('\n')),
    maskedHash: hashString53(masked.join('\n')),
    planHash: planHash(episode.plan),
    lines: new Set(masked),
    substantiveLines,
    rawLines,
    substantiveHashes: Float64Array.from(substantiveLines, hashString53),
    rawHashes: Float64Array.from(rawLines, hashString53),
  };
}

// A plan of a few words ("Full rewrite", "fix the bug") names no approach: two such plans being equal says nothing.
const minimumPlanWords = 12;

function planHash(plan: string): number | null {
  const words = plan.toLowerCase().split(/\s+/).filter((word) => word !== '');
  return words.length < minimumPlanWords ? null : hashString53(words.join(' '));
}
