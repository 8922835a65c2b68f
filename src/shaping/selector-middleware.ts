import type { SafeEventEmitter } from '../events/safe-event-emitter.js';
import type { NoveltySource } from './novelty-source.js';
import type { Selection, SelectionRequest } from './selector.js';
import type { ShapingEvents } from './shaping-events.js';
import type { ShapingNode, ShapingOutcome } from './shaping-node.js';

/** What a middleware says about a new node: the novelty it measured, and whether it rejects the node. */
export interface MiddlewareAdmission {
  /** Novelty in [0, 1] by source id. */
  readonly novelty?: Readonly<Record<string, number>>;
  /** Set to reject the node before its evaluation. */
  readonly rejection?: { readonly reason: string; readonly resample: boolean };
}

/**
 * A small object with optional hooks that shapes a host's selection function, like the AI SDK's language-model
 * middleware. `wrapSelector` composes an array of them: for a selection, the first middleware transforms the
 * request first and its `wrapSelect` is the outermost; the last one is wrapped directly around the host's selector.
 * `admitNode` and `observe` run in array order.
 *
 * A middleware names the sources it reads (`sources`) and never tells them an outcome itself: the shaped selector
 * is their one owner and tells each distinct source once, after every `observe` hook (pyribs' scheduler tells its
 * archive once, then its emitters), and closes a node the gate rejected in all of them.
 *
 * Middleware must not draw from `request.random` (it is the host's stream: drawing would change what the
 * unshaped policy picks) and must leave candidates alone except for their `value`.
 */
export interface SelectorMiddleware {
  /** Version of the `SelectorMiddleware` role this object implements. */
  readonly specificationVersion: 'v1';
  /** Names the middleware in admissions and events, e.g. `novelty-gate`. */
  readonly name: string;
  /** The novelty sources this middleware reads; the shaped selector tells them each node's outcome. */
  readonly sources?: readonly NoveltySource[];
  /** Told when the host creates a node, before evaluating it; may measure it and may reject it. */
  admitNode?(options: {
    node: ShapingNode;
    events: SafeEventEmitter<ShapingEvents>;
  }): PromiseLike<MiddlewareAdmission | undefined> | MiddlewareAdmission | undefined;
  /** Rewrites the request before the policy sees it: candidates' values, exploration settings. */
  transformRequest?<Node, Context>(options: {
    request: SelectionRequest<Node, Context>;
    events: SafeEventEmitter<ShapingEvents>;
  }): PromiseLike<SelectionRequest<Node, Context>> | SelectionRequest<Node, Context>;
  /**
   * Wraps the selection: call `doSelect` (the rest of the chain) and return its result, changed or not. After
   * `doSelect`, `probeSelect` may ask the rest of the chain what it would choose for another request (a
   * counterfactual, e.g. without this middleware's change), with the random draws `doSelect` made replayed; a probe
   * is no selection (no event, no count) and is marked `probe` for the inner middleware, which must change no state.
   */
  wrapSelect?<Node, Context>(options: {
    doSelect: () => PromiseLike<Selection<Node>>;
    probeSelect: (request: SelectionRequest<Node, Context>) => PromiseLike<Selection<Node>>;
    request: SelectionRequest<Node, Context>;
    /** True when this selection is an outer middleware's probe: return the choice, change no state. */
    probe: boolean;
    events: SafeEventEmitter<ShapingEvents>;
  }): PromiseLike<Selection<Node>>;
  /** Told a node's outcome once the host has evaluated it, before its sources are (it may still assess the node). */
  observe?(options: { node: ShapingNode; outcome: ShapingOutcome; events: SafeEventEmitter<ShapingEvents> }): PromiseLike<void> | void;
}
