import type { ShapingNode, ShapingOutcome } from './shaping-node.js';

/** A node's novelty as one source measured it, before the node was evaluated. */
export interface NoveltyAssessment {
  readonly id: string;
  /** Novelty in [0, 1], higher = more novel; undefined when the source failed (no bonus, never a rejection). */
  readonly novelty: number | undefined;
  /** Concept ids found in the node, when the source extracts them (the novelty scorer does). */
  readonly concepts?: readonly string[];
  /** Ids of the closest earlier episodes, nearest first, when the source knows them. */
  readonly nearest?: readonly string[];
  /** Why `novelty` is undefined. */
  readonly error?: unknown;
}

/**
 * Role: how a middleware gets a node's novelty (P-creativity). `assess` runs when the host creates the node, before
 * evaluation, and is cached by id, so every middleware sharing a source sees the same number; `observe` tells the
 * outcome once (repeated calls for one id are ignored). Implementations: `scorerNoveltySource` (a metric of the
 * online novelty scorer), `judgeNoveltySource` (a judge's 0-4 verdict mapped to [0, 1]), `functionNoveltySource`.
 */
export interface NoveltySource {
  /** Version of the `NoveltySource` role this object implements. */
  readonly specificationVersion: 'v1';
  /** Names the source in events and in `NodeAdmission.novelty`, e.g. `nearest-neighbour`. */
  readonly id: string;
  /** Measures `node` against the run's earlier episodes; the first call per id does the work. */
  assess(node: ShapingNode): Promise<NoveltyAssessment>;
  /** The cached assessment of node `id`, if it was assessed. */
  assessment(id: string): NoveltyAssessment | undefined;
  /** Reports the node's outcome; a valid node joins the run's history. Idempotent per id. */
  observe(node: ShapingNode, outcome: ShapingOutcome): Promise<void>;
  /**
   * Optional: node `id`'s novelty now, against everything the source has learned since it was assessed (novelty
   * search's archive), in [0, 1]; undefined when unknown. `assessment` keeps the value at admission, the
   * P-creativity of the paper; this one drifts down as the run fills the space around the node.
   */
  currentNovelty?(id: string): Promise<number | undefined>;
}

/** What a concrete source supplies to `createCachedNoveltySource`. */
export interface NoveltySourceParts {
  readonly id: string;
  /** Measures a node; may throw (the error is kept in the assessment, the search goes on). */
  measure(node: ShapingNode): Promise<Omit<NoveltyAssessment, 'id'>>;
  /** Learns an outcome; called at most once per node id. */
  learn(node: ShapingNode, outcome: ShapingOutcome): Promise<void>;
  /** Measures an assessed node again, now; when given, the source has `currentNovelty`. */
  remeasure?(node: ShapingNode): Promise<number | undefined>;
}

/**
 * Builds a `NoveltySource` from `parts`, adding what every source needs: one measurement per node id (concurrent
 * callers share it), failures degraded to an undefined novelty, and outcomes learned once per id.
 */
export function createCachedNoveltySource(parts: NoveltySourceParts): NoveltySource {
  const pending = new Map<string, Promise<NoveltyAssessment>>();
  const done = new Map<string, NoveltyAssessment>();
  const observed = new Set<string>();

  const measure = async (node: ShapingNode): Promise<NoveltyAssessment> => {
    let assessment: NoveltyAssessment;
    try {
      assessment = { ...(await parts.measure(node)), id: node.id };
    } catch (error) {
      // Degrade during a search: a failing embedder or judge must not stop the host's loop.
      assessment = { id: node.id, novelty: undefined, error };
    }
    done.set(node.id, assessment);
    return assessment;
  };

  const nodes = new Map<string, ShapingNode>();
  const { remeasure } = parts;
  return {
    specificationVersion: 'v1',
    id: parts.id,
    assess(node) {
      let assessment = pending.get(node.id);
      if (assessment === undefined) {
        if (remeasure) nodes.set(node.id, node);
        assessment = measure(node);
        pending.set(node.id, assessment);
      }
      return assessment;
    },
    ...(remeasure
      ? {
          async currentNovelty(id: string) {
            const node = nodes.get(id);
            if (node === undefined) return undefined;
            try {
              return await remeasure(node);
            } catch {
              // Degrade as `assess` does: no bonus for this node this time, the search goes on.
              return undefined;
            }
          },
        }
      : {}),
    assessment: (id) => done.get(id),
    async observe(node, outcome) {
      if (observed.has(node.id)) return;
      observed.add(node.id);
      await parts.learn(node, outcome);
    },
  };
}
