import type { Neighbor } from '../vector-index/neighbor.js';

/** Payload of `episode-scored`: a node's novelty the moment it was scored, and what it cost. */
export interface EpisodeScoredEvent {
  readonly runId: string;
  /** Id of the node or episode that was scored. */
  readonly id: string;
  /** Novelty per metric id, in [0, 1], higher = more novel. */
  readonly scores: Readonly<Record<string, number>>;
  /** The closest observed episodes. */
  readonly nearest: readonly Neighbor[];
  readonly concepts: readonly string[];
  /** Milliseconds spent embedding, running the metrics, and in all. */
  readonly timing: { readonly embeddingMs: number; readonly metricsMs: number; readonly totalMs: number };
  /** How many episodes the run had observed when this one was scored. */
  readonly priorEpisodes: number;
}

/** Payload of `episode-observed`: an outcome reached the scorer. */
export interface EpisodeObservedEvent {
  readonly runId: string;
  readonly id: string;
  /** True when the node ended an episode (valid score) and joined the run's history. */
  readonly valid: boolean;
  readonly priorEpisodes: number;
}

/** Payload of `listener-error`: a listener threw; the scorer went on. */
export interface ListenerErrorEventPayload {
  readonly event: string;
  readonly error: unknown;
}

/** Events of a novelty scorer, by name. */
export type NoveltyScorerEvents = {
  'episode-scored': [EpisodeScoredEvent];
  'episode-observed': [EpisodeObservedEvent];
  'listener-error': [ListenerErrorEventPayload];
};
