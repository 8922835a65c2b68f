import {
  adaptiveExploration,
  functionNoveltySource,
  noveltyBonus,
  noveltyGate,
  paretoObjective,
  qualityDiversityArchive,
  type NoveltySource,
  type SelectorMiddleware,
} from '../../../src/index.js';

/** Deterministic pseudo-novelty in [0, 1) from a node id. */
export function hashedNovelty(id = 'hashed'): NoveltySource {
  return functionNoveltySource({
    id,
    novelty: (node) => {
      let hash = 2166136261;
      for (const character of node.id) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619);
      return (hash >>> 0) / 4294967296;
    },
  });
}

/**
 * Every middleware at strength 0, configured to be as active as it can be otherwise: the gate checks every node,
 * the schedule enters explore mode after one stalled episode, the bonuses normalise and decay.
 */
export function zeroStrengthMiddleware(source: NoveltySource): SelectorMiddleware[] {
  return [
    noveltyGate({ source, threshold: 0 }),
    paretoObjective({ source, strength: 0 }),
    qualityDiversityArchive({ strength: 0 }),
    adaptiveExploration({ source, strength: 0, window: 1, threshold: 1, patience: 1 }),
    noveltyBonus({ source, strength: 0, decay: 'children' }),
    noveltyBonus({ source: 'candidate', strength: 0, normalise: 'none' }),
  ];
}
