import type { Episode } from '../episode/episode.js';
import type { Run } from '../episode/run.js';
import type { ConceptSource } from '../scoring/novelty-scorer-options.js';
import type { JudgedEpisode, Judge } from './judge.js';
import type { JudgeVerdict } from './judge-verdict.js';

/** What `judgeRun` needs besides the run and the judge. */
export interface JudgeRunOptions {
  /** Novelty scores per episode id (from `scoreRunNovelty`), passed to the judge as continuous evidence. */
  readonly novelty?: ReadonlyMap<string, Readonly<Record<string, number>>>;
  /** Concept extraction, so each episode's concepts are computed once for the whole run. */
  readonly concepts?: ConceptSource;
  readonly signal?: AbortSignal;
}

/** An episode as judges read it. */
export function toJudgedEpisode(episode: Episode): JudgedEpisode {
  return {
    id: episode.id,
    plan: episode.plan,
    code: episode.code,
    summary: episode.summary,
    score: episode.score,
    parentEpisodeId: episode.parentEpisodeId,
    flags: episode.flags,
    metadata: episode.metadata,
  };
}

/**
 * Judges every episode of a finished run against all of its earlier episodes, in run order (episode 0 included:
 * it has nothing before it). Returns the verdicts by episode id.
 */
export async function judgeRun(
  run: Pick<Run, 'id' | 'episodes'>,
  judge: Judge,
  options: JudgeRunOptions = {},
): Promise<Map<string, JudgeVerdict>> {
  const judged = run.episodes.map(toJudgedEpisode);
  const conceptsById = new Map<string, readonly string[]>();
  if (options.concepts) for (const episode of run.episodes) conceptsById.set(episode.id, options.concepts.extract(episode));
  const verdicts = new Map<string, JudgeVerdict>();
  for (const [index, episode] of judged.entries()) {
    const earlier = judged.slice(0, index);
    const novelty = options.novelty?.get(episode.id);
    const verdict = await judge.judge(
      {
        runId: run.id,
        episode,
        earlier,
        ...(novelty ? { novelty } : {}),
        ...(options.concepts
          ? {
              concepts: {
                episode: conceptsById.get(episode.id) ?? [],
                earlier: new Map(earlier.map((item) => [item.id, conceptsById.get(item.id) ?? []])),
              },
            }
          : {}),
      },
      options.signal ? { signal: options.signal } : {},
    );
    verdicts.set(episode.id, verdict);
  }
  return verdicts;
}
