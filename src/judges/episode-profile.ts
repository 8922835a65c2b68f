import { codeLines } from './code-lines.js';
import type { JudgedEpisode } from './judge.js';
import { isReportingLine, isStructureLine } from './reporting-line.js';

/** What the rubric judge reads of one episode's own text, computed once and reused while it is an earlier episode. */
export interface EpisodeProfile {
  readonly id: string;
  /** The texts the profile was computed from, so a cache can tell a changed episode from the same one. */
  readonly plan: string;
  readonly code: string;
  /** The code's logical lines without comments and layout (`codeLines`), joined: equal keys mean the same program. */
  readonly codeKey: string;
  /** The same lines with numbers masked, joined: equal keys mean the programs differ at most in numeric literals. */
  readonly maskedKey: string;
  /** The plan lower-cased with whitespace folded; empty when the plan is too short to name an approach. */
  readonly planKey: string;
  /** Every masked line. */
  readonly lines: ReadonlySet<string>;
  /** The masked lines that do something: neither reporting/saving lines nor brackets only. */
  readonly substantiveLines: ReadonlySet<string>;
  /** The code's physical lines, trimmed, comments and all: where concepts are looked for. */
  readonly rawLines: ReadonlySet<string>;
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
    codeKey: lines.join('\n'),
    maskedKey: masked.join('\n'),
    planKey: planKey(episode.plan),
    lines: new Set(masked),
    substantiveLines,
    rawLines,
  };
}

// A plan of a few words ("Full rewrite", "fix the bug") names no approach: two such plans being equal says nothing.
const minimumPlanWords = 12;

function planKey(plan: string): string {
  const words = plan.toLowerCase().split(/\s+/).filter((word) => word !== '');
  return words.length < minimumPlanWords ? '' : words.join(' ');
}
