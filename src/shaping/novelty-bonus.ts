import { parseOptions } from '../options/parse-options.js';
import { normaliseValue, valueRangeOf } from './normalise-value.js';
import { NoveltyBonusOptionsSchema, type NoveltyBonusOptions } from './novelty-bonus-options.js';
import type { Selection, SelectionCandidate, SelectionRequest } from './selector.js';
import type { SelectorMiddleware } from './selector-middleware.js';

/**
 * Novelty bonus (the paper's first proposed fix): each candidate's value becomes
 * `value' = normalised usefulness + strength × bonusScale × novelty [× 1 / (1 + children)]`, so solutions too similar
 * to earlier episodes rank lower. Candidates without a value (buggy, unvisited) keep none; a node whose novelty is
 * unknown gets no bonus. `bonusScale` comes from the request's exploration settings (`adaptiveExploration` raises it).
 * The novelty is the node's at admission (its P-creativity), or with `timing: 'current'` its novelty against
 * everything seen since, asked again at every selection (novelty search, Lehman & Stanley 2011). With `autoScale`
 * the weight is tuned online until the bonus changes a set share of the policy's choices (see the option).
 *
 * @example
 * const bonus = noveltyBonus({ strength: 0.5, source: scorerNoveltySource({ scorer }) });
 */
export function noveltyBonus(options: NoveltyBonusOptions): NoveltyBonusMiddleware {
  const { strength, source, normalise, decay, timing, autoScale, countShifts } = parseOptions(
    NoveltyBonusOptionsSchema,
    options,
    'noveltyBonus',
  );
  let weightNow = strength;
  const shifts = { contested: 0, changed: 0 };
  const probing = autoScale !== undefined || countShifts;
  // The request each transformed request was made from, for the counterfactual probe of `autoScale`.
  const unshapedOf = new WeakMap<object, SelectionRequest<unknown, unknown>>();
  const noveltyAtAdmission = (candidate: SelectionCandidate<unknown>): number => {
    if (source === 'constant') return 1;
    if (source === 'candidate') return candidate.novelty ?? 0;
    return source.assessment(candidate.id)?.novelty ?? 0;
  };
  const novelties = async (candidates: readonly SelectionCandidate<unknown>[]): Promise<number[]> => {
    if (timing === 'admission' || typeof source !== 'object') return candidates.map(noveltyAtAdmission);
    return Promise.all(
      candidates.map(async (candidate) => (candidate.value === null ? 0 : ((await source.currentNovelty?.(candidate.id)) ?? 0))),
    );
  };
  return {
    specificationVersion: 'v1',
    name: 'novelty-bonus',
    sources: typeof source === 'string' ? [] : [source],
    get strength() {
      return weightNow;
    },
    get shifts() {
      return { ...shifts };
    },
    async admitNode({ node }) {
      if (typeof source === 'string') return undefined;
      const assessment = await source.assess(node);
      return assessment.novelty === undefined ? undefined : { novelty: { [source.id]: assessment.novelty } };
    },
    async transformRequest({ request }) {
      const weight = weightNow * (request.exploration?.bonusScale ?? 1);
      const rescale = normalise === 'min-max' && request.normalised !== true;
      const range = rescale ? (request.valueRange ?? valueRangeOf(request.candidates)) : undefined;
      const novelty = await novelties(request.candidates);
      const candidates = request.candidates.map((candidate, index) => {
        if (candidate.value === null) return candidate;
        const usefulness = rescale ? normaliseValue(candidate.value, range) : candidate.value;
        const damping = decay === 'children' ? 1 / (1 + (candidate.children ?? 0)) : 1;
        return { ...candidate, value: usefulness + weight * novelty[index]! * damping };
      });
      const { valueRange: _replaced, ...rest } = request;
      const transformed = rescale ? { ...rest, candidates, normalised: true } : { ...request, candidates };
      if (probing) unshapedOf.set(transformed, request);
      return transformed;
    },
    async wrapSelect({ doSelect, probeSelect, request, probe }) {
      const selection = await doSelect();
      const unshaped = unshapedOf.get(request) as typeof request | undefined;
      if (!probing || probe || unshaped === undefined || !isContested(selection, unshaped)) return selection;
      const counterfactual = await probeSelect(unshaped);
      const changed = !sameChoice(selection, counterfactual);
      shifts.contested += 1;
      if (changed) shifts.changed += 1;
      if (autoScale === undefined) return selection;
      const next = weightNow * Math.exp(autoScale.rate * (autoScale.shift - (changed ? 1 : 0)));
      weightNow = Math.min(autoScale.maxStrength, Math.max(autoScale.minStrength, next));
      return selection;
    },
  };
}

/** `noveltyBonus`'s middleware, with its current weight and, under `autoScale`, how often it changed the choice. */
export interface NoveltyBonusMiddleware extends SelectorMiddleware {
  /** The weight the next selection uses: `strength`, or where `autoScale` has moved it. */
  readonly strength: number;
  /** Contested selections probed (under `autoScale` or `countShifts`), and how many of them the bonus changed. */
  readonly shifts: { readonly contested: number; readonly changed: number };
}

/** A selection the values decide: improve, cross over or descend among at least two valued candidates. */
function isContested(selection: Selection<unknown>, unshaped: SelectionRequest<unknown, unknown>): boolean {
  if (selection.action === 'draft' || selection.action === 'debug') return false;
  return unshaped.candidates.filter((candidate) => candidate.value !== null).length >= 2;
}

/** True when two selections take the same action on the same candidates in the same order. */
function sameChoice(left: Selection<unknown>, right: Selection<unknown>): boolean {
  return (
    left.action === right.action &&
    left.chosen.length === right.chosen.length &&
    left.chosen.every((candidate, index) => candidate.id === right.chosen[index]?.id)
  );
}
