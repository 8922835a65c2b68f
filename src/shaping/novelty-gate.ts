import { parseOptions } from '../options/parse-options.js';
import { NoveltyGateOptionsSchema, type NoveltyGateOptions } from './novelty-gate-options.js';
import { parseNoveltyVerdict } from './novelty-verdict.js';
import type { SelectorMiddleware } from './selector-middleware.js';
import type { RejectionReason } from './shaping-events.js';
import type { ShapingNode } from './shaping-node.js';

/**
 * Novelty gate: rejects a candidate that is a near-duplicate of an earlier episode before the host evaluates it
 * (ShinkaEvolve's rejection sampling, done right). It is active whenever it is configured (no hidden dependency on
 * an LLM), a rejected node is removed from every later selection so it never becomes a parent, and an optional
 * confirmation's verdict is parsed strictly (`parseNoveltyVerdict`); a confirmation that fails or cannot be read
 * falls back to the cheap decision, rejection. `NodeAdmission.resample` tells the host to propose again, at most
 * `maxResamples` times in a row.
 *
 * @example
 * const gate = noveltyGate({ source: scorerNoveltySource({ scorer }), threshold: 0.01, maxResamples: 2 });
 */
export function noveltyGate(options: NoveltyGateOptions): SelectorMiddleware {
  const { source, threshold, maxResamples, exempt, confirm } = parseOptions(NoveltyGateOptionsSchema, options, 'noveltyGate');
  const rejected = new Set<string>();
  let consecutiveRejections = 0;

  const confirmDuplicate = async (node: ShapingNode, novelty: number, nearest: readonly string[]): Promise<RejectionReason | undefined> => {
    if (confirm === undefined) return 'near-duplicate';
    try {
      const verdict = parseNoveltyVerdict(await confirm({ node, novelty, nearest }));
      if (verdict === 'NOVEL') return undefined;
      return verdict === 'NOT_NOVEL' ? 'confirmed-duplicate' : 'unparseable-confirmation';
    } catch {
      return 'confirmation-failed';
    }
  };

  return {
    specificationVersion: 'v1',
    name: 'novelty-gate',
    sources: [source],
    async admitNode({ node, events }) {
      const assessment = await source.assess(node);
      const novelty = assessment.novelty;
      if (novelty === undefined) return undefined;
      const measured = { [source.id]: novelty };
      const checked = node.operator === undefined || !exempt.includes(node.operator);
      const reason = checked && novelty < threshold ? await confirmDuplicate(node, novelty, assessment.nearest ?? []) : undefined;
      if (reason === undefined) {
        consecutiveRejections = 0;
        return { novelty: measured };
      }
      consecutiveRejections += 1;
      const resample = consecutiveRejections <= maxResamples;
      const inARow = consecutiveRejections;
      // Once the host gives up the slot, its next proposal starts a fresh series.
      if (!resample) consecutiveRejections = 0;
      rejected.add(node.id);
      events.emit('candidate-rejected', {
        id: node.id,
        source: source.id,
        novelty,
        threshold,
        reason,
        consecutiveRejections: inARow,
        resample,
        nearest: assessment.nearest ?? [],
      });
      return { novelty: measured, rejection: { reason, resample } };
    },
    transformRequest({ request }) {
      if (rejected.size === 0 || !request.candidates.some((candidate) => rejected.has(candidate.id))) return request;
      return { ...request, candidates: request.candidates.filter((candidate) => !rejected.has(candidate.id)) };
    },
  };
}
