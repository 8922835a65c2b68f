import { task } from '@langchain/langgraph';
import type { NodeEvaluation, NodeEvaluator, OperatorProposal, ProposedNode } from '../search-loop/index.js';
import { CheckpointMismatchError } from './checkpoint-mismatch-error.js';

/** One call a search made outside itself, as the graph's state keeps it: an operator's proposal or an evaluation. */
export type RecordedCall =
  | { readonly kind: 'proposal'; readonly operator: string; readonly plan: string; readonly code: string }
  | { readonly kind: 'evaluation'; readonly id: string; readonly metric: number | null; readonly buggy?: boolean };

// LangGraph tasks: inside a graph node each result is saved as it completes, so a node run again after a crash gets
// the results of the calls that had completed (model answers, evaluations) instead of making them again.
const proposalTask = task('boden-proposal', (call: { readonly run: () => Promise<OperatorProposal> }) => call.run());
const evaluationTask = task('boden-evaluation', (call: { readonly run: () => Promise<NodeEvaluation> }) => call.run());

/**
 * Sits between a search adapter and the outside (operators, evaluator): live, it makes each call as a LangGraph task
 * and records it; replaying, it answers from a record instead, checking that the search asks for the same calls in
 * the same order. A search adapter is deterministic given its calls' answers, its seed and fresh middleware, so a
 * replay rebuilds its whole state (tree, population, novelty history) without the adapter knowing about graphs.
 */
export interface CallRecorder {
  /** Answer the next calls from `calls`, in order, until they are used up. */
  replay(calls: readonly RecordedCall[]): void;
  /** Throws when the replay has calls left: the search made fewer calls than the record holds. */
  endReplay(): void;
  /** The calls made live since the last `takeFresh`. */
  takeFresh(): RecordedCall[];
  /** The operators with every method routed through the recorder. */
  operators<Operators extends object>(operators: Operators): Operators;
  /** The evaluator routed through the recorder. */
  evaluator(evaluate: NodeEvaluator): NodeEvaluator;
}

/** Creates a recorder (one per search). */
export function createCallRecorder(): CallRecorder {
  let record: readonly RecordedCall[] = [];
  let cursor = 0;
  let fresh: RecordedCall[] = [];
  const describe = (call: RecordedCall) => (call.kind === 'proposal' ? `proposal by ${call.operator}` : `evaluation of ${call.id}`);
  const recorded = (requested: string): RecordedCall | undefined => {
    if (cursor >= record.length) return undefined;
    const call = record[cursor]!;
    if (describe(call) !== requested)
      throw new CheckpointMismatchError({ reason: `call ${cursor} was a ${describe(call)}, but the search asked for a ${requested}` });
    cursor += 1;
    return call;
  };
  return {
    replay(calls) {
      record = calls;
      cursor = 0;
    },
    endReplay() {
      if (cursor < record.length)
        throw new CheckpointMismatchError({
          reason: `the record holds ${record.length} calls, but the search made ${cursor} in as many iterations`,
        });
      record = [];
      cursor = 0;
    },
    takeFresh() {
      const taken = fresh;
      fresh = [];
      return taken;
    },
    operators<Operators extends object>(operators: Operators): Operators {
      const routed: Record<string, unknown> = {};
      for (const [operator, method] of Object.entries(operators)) {
        if (typeof method !== 'function') continue;
        routed[operator] = async (input: unknown): Promise<OperatorProposal> => {
          const call = recorded(`proposal by ${operator}`);
          if (call?.kind === 'proposal') return { plan: call.plan, code: call.code };
          const proposal = await proposalTask({
            run: async () => await (method as (input: unknown) => OperatorProposal | PromiseLike<OperatorProposal>).call(operators, input),
          });
          fresh.push({ kind: 'proposal', operator, plan: proposal.plan, code: proposal.code });
          return { plan: proposal.plan, code: proposal.code };
        };
      }
      return routed as Operators;
    },
    evaluator(evaluate) {
      return async (node: ProposedNode): Promise<NodeEvaluation> => {
        const call = recorded(`evaluation of ${node.id}`);
        if (call?.kind === 'evaluation') return { metric: call.metric, ...(call.buggy === undefined ? {} : { buggy: call.buggy }) };
        const evaluation = await evaluationTask({ run: async () => await evaluate(node) });
        fresh.push({
          kind: 'evaluation',
          id: node.id,
          metric: evaluation.metric,
          ...(evaluation.buggy === undefined ? {} : { buggy: evaluation.buggy }),
        });
        return evaluation;
      };
    },
  };
}
