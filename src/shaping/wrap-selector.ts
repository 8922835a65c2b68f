import { reportingEventEmitter } from '../events/reporting-event-emitter.js';
import type { SafeEventEmitter } from '../events/safe-event-emitter.js';
import { checkArgument } from '../options/check-argument.js';
import { parseOptions } from '../options/parse-options.js';
import { createSeededRandom, type RandomSource } from '../random/random-source.js';
import { defaultExploration, SelectionRequestSchema, type Selection, type SelectionRequest } from './selector.js';
import type { SelectorMiddleware } from './selector-middleware.js';
import type { ShapingEvents } from './shaping-events.js';
import { ShapingNodeSchema, ShapingOutcomeSchema, type NodeAdmission, type ShapingNode, type ShapingOutcome } from './shaping-node.js';
import { WrapSelectorOptionsSchema, type WrapSelectorOptions } from './wrap-selector-options.js';

// Marks the functions `wrapSelector` returns, so adapters recognise them without guessing from their shape.
const shapedSelectorBrand = Symbol.for('boden.shaped-selector');

/** True when `value` is a selector `wrapSelector` returned (it has `admit`, `observe` and `events`). */
export function isShapedSelector(value: unknown): value is ShapedSelector<unknown, unknown> {
  return typeof value === 'function' && (value as unknown as Record<symbol, unknown>)[shapedSelectorBrand] === true;
}

/**
 * A host's selection function wrapped in shaping middleware: call it exactly like the original (ask), and tell it
 * about each node when the host creates it (`admit`, before evaluation) and when its outcome is known (`observe`).
 */
export interface ShapedSelector<Node, Context = undefined> {
  (request: SelectionRequest<Node, Context>): Promise<Selection<Node>>;
  /** Typed events: `node-scored`, `selection-made`, `mode-changed`, `candidate-rejected`, `listener-error`. */
  readonly events: SafeEventEmitter<ShapingEvents>;
  /** Tells shaping about a new node before the host evaluates it; a rejected node must not be evaluated or kept. */
  admit(node: ShapingNode): Promise<NodeAdmission>;
  /** Tells shaping a node's outcome. */
  observe(node: ShapingNode, outcome: ShapingOutcome): Promise<void>;
}

/**
 * Wraps a host's selection function (AIDE's `search_policy`, a UCT step, an evolutionary parent sampler) in
 * middleware, the way `wrapLanguageModel` wraps a model, and returns a selector with the same signature. The host
 * keeps its loop: shaping only changes the values the policy ranks by, the knobs it reads and the choice it returns.
 *
 * Order: for a selection, `middleware[0].transformRequest` runs first and `middleware[0].wrapSelect` is the
 * outermost; the last middleware is wrapped directly around the selector. Put `adaptiveExploration` before
 * `noveltyBonus` so the bonus sees the raised scale. `admitNode` and `observe` hooks run in array order; then the
 * wrapper tells each distinct source the middleware read (and `sources`) the outcome, once.
 *
 * @example
 * const shaped = wrapSelector({ selector: mySearchPolicy, middleware: [adaptiveExploration({ source }), noveltyBonus({ source })] });
 * const selection = await shaped({ candidates, random });
 */
export function wrapSelector<Node, Context = undefined>(options: WrapSelectorOptions<Node, Context>): ShapedSelector<Node, Context> {
  const parsed = parseOptions(WrapSelectorOptionsSchema, options, 'wrapSelector');
  const selector = options.selector;
  const middleware: readonly SelectorMiddleware[] = Array.isArray(parsed.middleware) ? parsed.middleware : [parsed.middleware];
  // The one owner of the sources: each distinct source (the caller's and the middleware's) is told a node once, here.
  const sources = [...new Set([...parsed.sources, ...middleware.flatMap((layer) => layer.sources ?? [])])];
  const events: SafeEventEmitter<ShapingEvents> = parsed.events ?? reportingEventEmitter<ShapingEvents>();
  let selections = 0;

  type Request = SelectionRequest<Node, Context>;
  const run = async (index: number, request: Request, innermost: { request?: Request }, probe: boolean): Promise<Selection<Node>> => {
    const layer = middleware[index];
    if (layer === undefined) {
      innermost.request = request;
      return await selector(request);
    }
    const transformed = layer.transformRequest ? await layer.transformRequest({ request, events }) : request;
    if (!layer.wrapSelect) return await run(index + 1, transformed, innermost, probe);
    // The draws of the real call, so a probe sees the same random numbers (common random numbers).
    let draws: number[] | undefined;
    const doSelect = () => {
      const recorded: number[] = [];
      draws = recorded;
      return run(index + 1, { ...transformed, random: recordingRandom(transformed.random, recorded) }, innermost, probe);
    };
    const probeSelect = (other: Request) => {
      if (draws === undefined) throw new Error(`${layer.name}: probeSelect must follow doSelect`);
      return run(index + 1, { ...other, random: replayingRandom(draws) }, {}, true);
    };
    return await layer.wrapSelect({ doSelect, probeSelect, request: transformed, probe, events });
  };

  const shaped = async (request: Request): Promise<Selection<Node>> => {
    checkArgument(SelectionRequestSchema, request, 'request');
    const innermost: { request?: Request } = {};
    const selection = await run(0, request, innermost, false);
    selections += 1;
    const seen = innermost.request ?? request;
    const after = new Map(seen.candidates.map((candidate) => [candidate.id, candidate.value]));
    events.emit('selection-made', {
      selection: selections,
      action: selection.action,
      chosen: selection.chosen.map((candidate) => candidate.id),
      values: request.candidates
        .filter((candidate) => after.has(candidate.id))
        .map((candidate) => ({ id: candidate.id, before: candidate.value, after: after.get(candidate.id) ?? null })),
      removed: request.candidates.filter((candidate) => !after.has(candidate.id)).map((candidate) => candidate.id),
      exploration: seen.exploration ?? defaultExploration,
      ...(selection.directive === undefined ? {} : { directive: selection.directive }),
    });
    return selection;
  };

  return Object.assign(shaped, {
    [shapedSelectorBrand]: true as const,
    events,
    async admit(node: ShapingNode): Promise<NodeAdmission> {
      checkArgument(ShapingNodeSchema, node, 'node');
      const novelty: Record<string, number> = {};
      let rejection: { by: string; reason: string; resample: boolean } | undefined;
      for (const layer of middleware) {
        const result = await layer.admitNode?.({ node, events });
        if (result?.novelty !== undefined) Object.assign(novelty, result.novelty);
        if (result?.rejection !== undefined && rejection === undefined) rejection = { by: layer.name, ...result.rejection };
      }
      events.emit('node-scored', { id: node.id, novelty, accepted: rejection === undefined });
      if (rejection === undefined) return { id: node.id, accepted: true, resample: false, novelty };
      // The node is never evaluated: close it in every source, so it never joins the run's history.
      for (const source of sources) await source.observe(node, { valid: false });
      return { id: node.id, accepted: false, resample: rejection.resample, novelty, rejectedBy: rejection.by, reason: rejection.reason };
    },
    async observe(node: ShapingNode, outcome: ShapingOutcome): Promise<void> {
      checkArgument(ShapingNodeSchema, node, 'node');
      checkArgument(ShapingOutcomeSchema, outcome, 'outcome');
      for (const layer of middleware) await layer.observe?.({ node, outcome, events });
      // After the hooks, which may still assess the node against the history before it (the schedule does).
      for (const source of sources) await source.observe(node, outcome);
    },
  });
}

/** `random`, with every number it returns appended to `draws`. */
function recordingRandom(random: RandomSource, draws: number[]): RandomSource {
  return () => {
    const draw = random();
    draws.push(draw);
    return draw;
  };
}

/** The numbers in `draws` in order, then a fixed seeded stream, so a probe never touches the host's random source. */
function replayingRandom(draws: readonly number[]): RandomSource {
  let next = 0;
  const rest = createSeededRandom(draws.length + 1);
  return () => (next < draws.length ? draws[next++]! : rest());
}
