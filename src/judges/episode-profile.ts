import { hashSequence53, hashString53 } from '../text/string-hash.js';
import { hashedCodeLines } from './code-lines.js';
import type { JudgedEpisode } from './judge.js';
import { isReportingLine, isStructureLine } from './reporting-line.js';

/** What the rubric judge reads of one episode's own text, computed once and reused while it is an earlier episode. */
export interface EpisodeProfile {
  readonly id: string;
  /** The texts the profile was computed from, so a cache can tell a changed episode from the same one. */
  readonly plan: string;
  readonly code: string;
  /** `hashSequence53` of the code's logical lines without comments and layout (`codeLines`): equal means the same program. */
  readonly codeHash: number;
  /** The same of the lines with numbers masked: equal means the programs differ at most in numeric literals. */
  readonly maskedHash: number;
  /** The same of the plan lower-cased with whitespace folded; null when the plan is too short to name an approach. */
  readonly planHash: number | null;
  /** Every masked line. */
  readonly lines: ReadonlySet<string>;
  /** The masked lines that do something: neither reporting/saving lines nor brackets only. */
  readonly substantiveLines: ReadonlySet<string>;
  /** `hashString53` of each line and substantive line, in the sets' order: the run history's keys, hashed once. */
  readonly lineHashes: Float64Array;
  readonly substantiveHashes: Float64Array;
}

/** Profiles `episode`'s plan and code: its normalised and masked lines, and which of them are substantive. */
export function profileEpisode(episode: JudgedEpisode): EpisodeProfile {
  // Each line was hashed as the scan wrote it; a line without numbers is its own masked line and shares the hash.
  const { masked, lineHashes, maskedHashes } = hashedCodeLines(episode.code);
  const allLines = new Set<string>();
  const substantiveLines = new Set<string>();
  const substantiveHashes: number[] = [];
  const allHashes: number[] = [];
  for (let index = 0; index < masked.length; index += 1) {
    const line = masked[index]!;
    if (allLines.has(line)) continue;
    const hash = maskedHashes[index]!;
    allLines.add(line);
    allHashes.push(hash);
    if (isReportingLine(line) || isStructureLine(line)) continue;
    substantiveLines.add(line);
    substantiveHashes.push(hash);
  }
  return {
    id: episode.id,
    plan: episode.plan,
    code: episode.code,
    codeHash: hashSequence53(lineHashes),
    maskedHash: hashSequence53(maskedHashes),
    planHash: planHash(episode.plan),
    lines: allLines,
    substantiveLines,
    lineHashes: Float64Array.from(allHashes),
    substantiveHashes: Float64Array.from(substantiveHashes),
  };
}

// A plan of a few words ("Full rewrite", "fix the bug") names no approach: two such plans being equal says nothing.
const minimumPlanWords = 12;

function planHash(plan: string): number | null {
  const words = plan
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return words.length < minimumPlanWords ? null : hashString53(words.join(' '));
}
