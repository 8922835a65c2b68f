import { hashSequence53, hashString53 } from '../embedder/string-hash.js';
import { codeLines } from './code-lines.js';
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
  /** The code's physical lines, trimmed, comments and all: where concepts are looked for. */
  readonly rawLines: ReadonlySet<string>;
  /** `hashString53` of each substantive and each raw line, in the sets' order: the run history's keys, hashed once. */
  readonly substantiveHashes: Float64Array;
  readonly rawHashes: Float64Array;
}

/** Profiles `episode`'s plan and code: its raw, normalised and masked lines, and which of them are substantive. */
export function profileEpisode(episode: JudgedEpisode): EpisodeProfile {
  const { lines, masked } = codeLines(episode.code);
  const rawLines = trimmedLines(episode.code);
  const allLines = new Set<string>();
  const substantiveLines = new Set<string>();
  const substantiveHashes: number[] = [];
  // Each line is hashed once; a line without numbers is its own masked line (the same string) and shares the hash.
  const lineHashes = new Float64Array(lines.length);
  const maskedHashes = new Float64Array(masked.length);
  for (let index = 0; index < masked.length; index += 1) {
    const line = masked[index]!;
    const hash = hashString53(line);
    maskedHashes[index] = hash;
    lineHashes[index] = lines[index] === line ? hash : hashString53(lines[index]!);
    if (allLines.has(line)) continue;
    allLines.add(line);
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
    rawLines,
    substantiveHashes: Float64Array.from(substantiveHashes),
    rawHashes: Float64Array.from(rawLines, hashString53),
  };
}

const whiteSpace = /\s/;
/** What `String.prototype.trim` removes (`\s`), tested cheaply for ASCII. */
const isBlank = (code: number): boolean => code === 32 || (code >= 9 && code <= 13) || (code > 127 && whiteSpace.test(String.fromCharCode(code)));

/** The physical lines of `code`, trimmed, blank ones left out: each cut once, without a copy of the untrimmed line. */
function trimmedLines(code: string): Set<string> {
  const lines = new Set<string>();
  for (let start = 0; start <= code.length; ) {
    let end = code.indexOf('\n', start);
    if (end === -1) end = code.length;
    let first = start;
    let last = end;
    while (first < last && isBlank(code.charCodeAt(first))) first += 1;
    while (last > first && isBlank(code.charCodeAt(last - 1))) last -= 1;
    if (last > first) lines.add(code.slice(first, last));
    start = end + 1;
  }
  return lines;
}

// A plan of a few words ("Full rewrite", "fix the bug") names no approach: two such plans being equal says nothing.
const minimumPlanWords = 12;

function planHash(plan: string): number | null {
  const words = plan.toLowerCase().split(/\s+/).filter((word) => word !== '');
  return words.length < minimumPlanWords ? null : hashString53(words.join(' '));
}
