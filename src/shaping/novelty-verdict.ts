import { z } from 'zod';

/** The answers a novelty confirmation (ShinkaEvolve's novelty judge prompt) may give. */
export const NoveltyVerdictSchema = z.enum(['NOVEL', 'NOT_NOVEL']);

/** `NOVEL` or `NOT_NOVEL`. */
export type NoveltyVerdict = z.infer<typeof NoveltyVerdictSchema>;

/**
 * Reads a confirmation's verdict strictly: the first line, after leading whitespace and markdown emphasis, must
 * start with exactly `NOVEL` or `NOT_NOVEL` as a whole word; anything else (`NOT NOVEL`, `novel`, `NOVELTY`, an
 * empty reply) is undefined. OpenEvolve's substring search read `NOT_NOVEL` as novel; this cannot.
 */
export function parseNoveltyVerdict(text: string): NoveltyVerdict | undefined {
  const firstLine = text.trimStart().split(/\r?\n/, 1)[0] ?? '';
  const stripped = firstLine.replace(/^[\s*_`#>]+/, '');
  const match = /^([A-Z_]+)(?![A-Za-z0-9])/.exec(stripped);
  const verdict = NoveltyVerdictSchema.safeParse(match?.[1]);
  return verdict.success ? verdict.data : undefined;
}
