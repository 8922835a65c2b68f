import type { Run } from '../episode/run.js';
import type { RunsByFile } from './match-labels.js';

/** The episode metadata fields that are one agent's own account of its step (AI-Scientist-v2's stage headers). */
export const agentHeaderFields = ['ablationName', 'hyperparameterName'] as const;

/**
 * The same runs with the agents' headers taken out of every episode's metadata: what a judge sees of an agent that
 * writes none. `boden validate` scores the rubric judge on both, so a rule that only works through one agent's
 * header shows as a gap between the two rows.
 */
export function withoutAgentHeaders(runsByFile: RunsByFile): RunsByFile {
  const stripped = new Map<string, readonly Run[] | { readonly error: string }>();
  for (const [file, runs] of runsByFile) {
    if (!Array.isArray(runs)) {
      stripped.set(file, runs as { readonly error: string });
      continue;
    }
    stripped.set(
      file,
      (runs as readonly Run[]).map((run) => ({
        ...run,
        episodes: run.episodes.map((episode) => ({
          ...episode,
          metadata: Object.fromEntries(
            Object.entries(episode.metadata).filter(([key]) => !(agentHeaderFields as readonly string[]).includes(key)),
          ),
        })),
      })),
    );
  }
  return stripped;
}
