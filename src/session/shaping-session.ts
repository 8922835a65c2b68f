import type { Run } from '../episode/run.js';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import { reportingEventEmitter } from '../events/reporting-event-emitter.js';
import type { SafeEventEmitter } from '../events/safe-event-emitter.js';
import { checkArgument } from '../options/check-argument.js';
import { RubricJudge } from '../judges/rubric-judge.js';
import { combinedDescriptors } from '../quality-diversity/combined-descriptors.js';
import { conceptDescriptors } from '../quality-diversity/concept-descriptors.js';
import { descriptorMetrics, type DescriptorMetrics } from '../quality-diversity/descriptor-metrics.js';
import type { Descriptors } from '../quality-diversity/descriptors.js';
import { embeddingClusterDescriptors } from '../quality-diversity/embedding-cluster-descriptors.js';
import type { QualityDiversityArchive } from '../quality-diversity/quality-diversity-archive.js';
import { createSeededRandom } from '../random/random-source.js';
import type { JudgedEpisode } from '../judges/judge.js';
import { createNoveltyScorer } from '../scoring/novelty-scorer.js';
import type { AdaptiveExplorationMiddleware } from '../shaping/adaptive-exploration.js';
import type { NoveltyBonusMiddleware } from '../shaping/novelty-bonus.js';
import type { NoveltySource } from '../shaping/novelty-source.js';
import { kNearestSparsitySource } from '../shaping/k-nearest-sparsity-source.js';
import { scorerNoveltySource } from '../shaping/scorer-novelty-source.js';
import type { SelectorMiddleware } from '../shaping/selector-middleware.js';
import type { SelectionCandidate, Selector } from '../shaping/selector.js';
import type { SelectionMadeEvent, ShapingEvents } from '../shaping/shaping-events.js';
import {
  ShapingNodeSchema,
  ShapingOutcomeSchema,
  type NodeAdmission,
  type ShapingNode,
  type ShapingOutcome,
} from '../shaping/shaping-node.js';
import { wrapSelector, type ShapedSelector } from '../shaping/wrap-selector.js';
import type { SessionAdmission, SessionSummary, SessionSelection } from './session-responses.js';
import { CallRefusedError } from './call-refused-error.js';
import { shapingMiddleware } from './shaping-middleware.js';
import {
  ShapingSessionSpecSchema,
  type Direction,
  type SessionNode,
  type SessionObservation,
  type SessionOutcome,
  type ShapingSessionSpec,
  type ShapingSessionSpecInput,
} from './shaping-session-spec.js';
import { parseOptions } from '../options/parse-options.js';
import { ShapingSessionPartsSchema, type ShapingSessionParts } from './shaping-session-parts.js';
import { sessionTrajectory, type SessionTrajectoryNode } from './session-trajectory.js';

/**
 * One shaped run, whoever drives it (`boden serve` for a Python host, the LangChain middleware, the benchmark's
 * search loops, a direct caller): the online scorer, one novelty source per metric, the spec's middleware
 * (`shapingMiddleware`, in boden's one order), the optional rubric judge, descriptors, summary and export. A host
 * that sends its candidates (`select`) is shaped around a greedy stand-in for its policy; a host that keeps its own
 * selection function wraps it with `shape`. Calls must come one at a time (the service's registry and the
 * middleware queue them), in the order a log replays them; an outcome counts once per node, here, and the shaped
 * selector is the one owner that tells each source.
 */
export class ShapingSession {
  readonly spec: ShapingSessionSpec;
  readonly #source: NoveltySource;
  /** One source per scorer metric (the spec's among them): they share the scorer's one score per node. */
  readonly #sources: readonly NoveltySource[];
  readonly #judge: RubricJudge | undefined;
  /** The valid nodes in the order they were observed: the judge's earlier episodes. */
  readonly #valid: JudgedEpisode[] = [];
  readonly #middleware: readonly SelectorMiddleware[];
  readonly #events: SafeEventEmitter<ShapingEvents>;
  readonly #selector: ShapedSelector<string, undefined>;
  readonly #adaptive: AdaptiveExplorationMiddleware | undefined;
  readonly #bonus: NoveltyBonusMiddleware | undefined;
  readonly #descriptors: Descriptors;
  readonly #metrics: DescriptorMetrics;
  readonly #archive: QualityDiversityArchive | undefined;
  readonly #concepts = new Map<string, number>();
  #admitted = 0;
  #rejected = 0;
  readonly #observed = { valid: 0, invalid: 0 };
  #noveltySum = 0;
  #lastSelection: SelectionMadeEvent | undefined;
  /** Every node the run heard of, by id, in arrival order (for the export). */
  readonly #nodes = new Map<string, SessionTrajectoryNode>();
  /** The host metric's direction once known (the spec's, else the first outcome's), and what said so. */
  #direction: { readonly direction: Direction; readonly from: string } | undefined;

  /**
   * Builds the run from its spec and the injected parts (both checked here); throws `InvalidOptionsError` naming a bad
   * field or an unknown metric.
   */
  constructor(input: ShapingSessionSpecInput, parts: ShapingSessionParts = {}) {
    const spec = parseOptions(ShapingSessionSpecSchema, input, 'ShapingSession');
    const injected = parseOptions(ShapingSessionPartsSchema, parts, 'ShapingSession parts');
    this.spec = spec;
    const direction = spec.objective?.direction;
    if (direction !== undefined) this.#direction = { direction, from: 'the run spec' };
    const scorer = injected.scorer ?? createNoveltyScorer({ runId: spec.id });
    this.#source = scorerNoveltySource({ scorer, metric: spec.metric });
    this.#sources = scorer.metricIds.map((metric) => (metric === spec.metric ? this.#source : scorerNoveltySource({ scorer, metric })));
    // Each middleware reads its own metric (one source per metric, sharing the scorer's one score per node).
    const sourceOf = (metric: string, path: string): NoveltySource => {
      const found = this.#sources.find((source) => source.id === metric);
      if (found !== undefined) return found;
      throw new InvalidOptionsError({
        target: 'run',
        issues: [{ path, message: `the scorer has no metric "${metric}" (it has ${scorer.metricIds.join(', ')})` }],
      });
    };
    this.#judge = spec.judge === 'rubric' ? new RubricJudge() : undefined;
    const { axes, embeddingClusters } = spec.descriptors;
    const concepts = conceptDescriptors(axes === undefined ? {} : { axes });
    this.#descriptors =
      injected.descriptors ??
      (embeddingClusters === undefined ? concepts : combinedDescriptors([concepts, embeddingClusterDescriptors(embeddingClusters)]));
    this.#metrics = descriptorMetrics({ descriptors: this.#descriptors });
    const gate =
      spec.gate === undefined
        ? undefined
        : (({ metric, ...options }) => ({ source: sourceOf(metric, 'gate.metric'), ...options }))(spec.gate);
    const adaptive =
      spec.adaptive === undefined
        ? undefined
        : (({ metric, ...options }) => ({ source: sourceOf(metric, 'adaptive.metric'), ...options }))(spec.adaptive);
    const qd =
      spec.qd === undefined
        ? undefined
        : (({ seed, ...options }) => ({ ...options, descriptors: this.#descriptors, random: createSeededRandom(seed) }))(spec.qd);
    const pareto =
      spec.pareto === undefined
        ? undefined
        : (({ seed, ...options }) => ({ ...options, source: this.#source, random: createSeededRandom(seed) }))(spec.pareto);
    const noveltySearch =
      spec.noveltySearch === undefined
        ? undefined
        : (({ k, strength }) => ({
            source: kNearestSparsitySource(k === undefined ? {} : { k }),
            timing: 'current' as const,
            strength,
          }))(spec.noveltySearch);
    const bonus =
      spec.bonus === undefined
        ? undefined
        : (({ source, ...options }) => ({ ...options, source: source === 'candidate' ? ('candidate' as const) : this.#source }))(
            spec.bonus,
          );
    const shaping = shapingMiddleware({
      ...(gate === undefined ? {} : { gate }),
      ...(pareto === undefined ? {} : { pareto }),
      ...(qd === undefined ? {} : { qd }),
      ...(noveltySearch === undefined ? {} : { noveltySearch }),
      ...(adaptive === undefined ? {} : { adaptive }),
      ...(bonus === undefined ? {} : { bonus }),
    });
    this.#archive = shaping.archive;
    this.#adaptive = shaping.adaptive;
    this.#bonus = shaping.bonus;
    this.#middleware = shaping.middleware;
    this.#events = reportingEventEmitter<ShapingEvents>();
    this.#selector = this.#wrap(greedyStandIn);
    this.#events.on('selection-made', (event) => {
      this.#lastSelection = event;
    });
  }

  /** The run's shaping events (`node-scored`, `candidate-rejected`, `selection-made`, `mode-changed`), from every selector it shaped. */
  get events(): SafeEventEmitter<ShapingEvents> {
    return this.#events;
  }

  /** The source of the spec's `metric`: what `admit` answers as `novelty`, and what an MCTS host backs up its tree. */
  get source(): NoveltySource {
    return this.#source;
  }

  /** The run's middleware in boden's order, for a loop that wraps its selector itself (a graph rebuilt on resume). */
  get middleware(): readonly SelectorMiddleware[] {
    return this.#middleware;
  }

  /** The bonus's weight now and, with `countShifts` or `autoScale`, how often it changed the choice; undefined without a bonus. */
  get bonusShifts(): { readonly strength: number; readonly contested: number; readonly changed: number } | undefined {
    return this.#bonus === undefined ? undefined : { strength: this.#bonus.strength, ...this.#bonus.shifts };
  }

  /**
   * The host's own selection function wrapped in the run's middleware, called exactly like the original. Its `admit`
   * and `observe` are the run's (they count, remember and judge the host's nodes, and tell each source once); its
   * outcomes carry values as shaping reads them, higher-is-better (a search adapter directs them), and the export
   * keeps them in the host's units.
   *
   * @example
   * const session = new ShapingSession({ id: 'run-1', adaptive: {}, bonus: { strength: 0.3 } });
   * const search = createAideGreedySearch({ operators, evaluate, selector: session.shape(createAideGreedySelector()) });
   */
  shape<Node, Context = undefined>(selector: Selector<Node, Context>): ShapedSelector<Node, Context> {
    const shaped = this.#wrap(selector);
    return Object.assign(shaped, {
      admit: async (node: ShapingNode): Promise<NodeAdmission> => {
        checkArgument(ShapingNodeSchema, node, 'node');
        return (await this.#admit(hostNode(node))).admission;
      },
      observe: async (node: ShapingNode, outcome: ShapingOutcome): Promise<void> => {
        checkArgument(ShapingNodeSchema, node, 'node');
        checkArgument(ShapingOutcomeSchema, outcome, 'outcome');
        const value = outcome.value;
        // The host's units for the export: shaping's higher-is-better value, turned back for a minimised metric.
        const inHostUnits: SessionOutcome = {
          valid: outcome.valid,
          ...(value === undefined ? {} : { value: this.#higherIsBetter(value) }),
        };
        await this.#learn(hostNode(node), inHostUnits, { valid: outcome.valid, ...(value === undefined ? {} : { value }) });
      },
    });
  }

  /** `selector` wrapped in the run's middleware, on the run's one event stream, telling the run's sources. */
  #wrap<Node, Context>(selector: Selector<Node, Context>): ShapedSelector<Node, Context> {
    return wrapSelector({ selector, middleware: this.#middleware, sources: this.#sources, events: this.#events });
  }

  /** Scores a new node before the host evaluates it; the gate may reject it (then it must not be evaluated). */
  async admit(node: SessionNode): Promise<SessionAdmission> {
    return (await this.#admit(node)).answer;
  }

  /** The admission as the shaped selector answers it, and as the run answers a host. */
  async #admit(node: SessionNode): Promise<{ admission: NodeAdmission; answer: SessionAdmission }> {
    this.#remember(node);
    const admission = await this.#selector.admit(node);
    const assessment = await this.#source.assess(node);
    const scores: Record<string, number | null> = {};
    for (const source of this.#sources) scores[source.id] = (await source.assess(node)).novelty ?? null;
    const verdict =
      this.#judge?.verdict({
        runId: this.spec.id,
        episode: { id: node.id, plan: node.plan, code: node.code, summary: null },
        earlier: this.#valid,
        novelty: Object.fromEntries(Object.entries(scores).filter((entry): entry is [string, number] => entry[1] !== null)),
      }) ?? null;
    if (admission.accepted) this.#admitted += 1;
    else this.#rejected += 1;
    const answer: SessionAdmission = {
      id: node.id,
      accepted: admission.accepted,
      resample: admission.resample,
      ...(admission.rejectedBy === undefined ? {} : { rejectedBy: admission.rejectedBy }),
      ...(admission.reason === undefined ? {} : { reason: admission.reason }),
      novelty: assessment.novelty ?? null,
      scores,
      verdict,
      nearest: [...(assessment.nearest ?? [])],
      concepts: [...(assessment.concepts ?? [])],
      cell: this.#cell(node),
    };
    return { admission, answer };
  }

  /**
   * Throws `CallRefusedError` when `observe` could not apply this observation: a node named by its id alone that the
   * run never heard of, or a direction other than the run's. The service checks before logging the call.
   */
  checkObservation({ node, outcome }: SessionObservation): void {
    if ((node.plan === undefined || node.code === undefined) && !this.#nodes.has(node.id)) {
      throw new CallRefusedError(
        node.plan === undefined ? 'node.plan' : 'node.code',
        `the run has no node "${node.id}" to report an outcome for: send its plan and code, or admit it first`,
      );
    }
    const known = this.#direction;
    if (outcome.direction !== undefined && known !== undefined && outcome.direction !== known.direction) {
      throw new CallRefusedError(
        'outcome.direction',
        `the run's objective is to ${known.direction} (from ${known.from}); this outcome says ${outcome.direction}`,
      );
    }
  }

  /**
   * Reports an evaluated node's outcome (its value in the host's units; a node admitted before may be named by its id
   * alone); a valid node joins the run's history. The first outcome of a node counts.
   */
  async observe(observed: SessionObservation['node'], outcome: SessionOutcome): Promise<void> {
    this.checkObservation({ node: observed, outcome });
    // A node's first outcome counts, once: a repeated report (a host's retry, a resumed log) changes nothing.
    if (this.#nodes.get(observed.id)?.outcome !== undefined) return;
    const known = this.#nodes.get(observed.id)?.node;
    const node: SessionNode = {
      ...known,
      ...withoutUndefined(observed),
      id: observed.id,
      plan: observed.plan ?? known!.plan,
      code: observed.code ?? known!.code,
    };
    if (outcome.direction !== undefined && this.#direction === undefined)
      this.#direction = { direction: outcome.direction, from: `the outcome of node "${node.id}"` };
    // Shaping reads higher-is-better values: a minimised metric is negated on the way in (the export keeps the host's).
    const shaped: ShapingOutcome = {
      valid: outcome.valid,
      ...(outcome.value === undefined ? {} : { value: this.#higherIsBetter(outcome.value) }),
    };
    await this.#learn(node, outcome, shaped);
  }

  /** Records a node's first outcome (in the host's units) and tells the middleware and, once, each source (shaped). */
  async #learn(node: SessionNode, outcome: SessionOutcome, shaped: ShapingOutcome): Promise<void> {
    if (this.#nodes.get(node.id)?.outcome !== undefined) return;
    this.#remember(node, outcome);
    await this.#selector.observe(node, shaped);
    if (!outcome.valid) {
      this.#observed.invalid += 1;
      return;
    }
    this.#observed.valid += 1;
    this.#valid.push({
      id: node.id,
      plan: node.plan,
      code: node.code,
      summary: null,
      ...(typeof shaped.value === 'number' ? { score: shaped.value } : {}),
    });
    const assessment = this.#source.assessment(node.id) ?? (await this.#source.assess(node));
    this.#noveltySum += assessment.novelty ?? 0;
    for (const concept of assessment.concepts ?? []) this.#concepts.set(concept, (this.#concepts.get(concept) ?? 0) + 1);
  }

  /** Shapes the host's candidates: their values after the middleware, the exploration knobs and the directive. */
  async select(request: {
    candidates: readonly { id: string; value: number | null; children?: number; visits?: number; novelty?: number | null }[];
    valueRange?: { min: number; max: number };
  }): Promise<SessionSelection> {
    const candidates: SelectionCandidate<string>[] = request.candidates.map(({ novelty, ...candidate }) => ({
      ...candidate,
      ...(novelty === undefined || novelty === null ? {} : { novelty }),
      value: this.#higherIsBetter(candidate.value),
      node: candidate.id,
    }));
    const range = request.valueRange;
    const minimise = this.#direction?.direction === 'minimize';
    this.#lastSelection = undefined;
    const selection = await this.#selector({
      candidates,
      // The stand-in draws nothing; a middleware must not either, so this stream is never read.
      random: () => 0.5,
      ...(range === undefined ? {} : { valueRange: minimise ? { min: -range.max, max: -range.min } : range }),
    });
    const made = this.#lastSelection as SelectionMadeEvent | undefined;
    return {
      action: selection.action,
      chosen: selection.chosen.map((candidate) => candidate.id),
      values: Object.fromEntries((made?.values ?? []).map((value) => [value.id, value.after])),
      removed: [...(made?.removed ?? [])],
      exploration: made!.exploration,
      directive: selection.directive ?? null,
    };
  }

  /** The observed nodes cut into episodes, as `boden score` reads them (see `sessionTrajectory`), in the host's units. */
  trajectory(): Run {
    return sessionTrajectory(this.spec.id, this.#nodes.values(), this.#objective());
  }

  /** The host's objective as far as the run knows it (direction null: not known yet, read as higher-is-better). */
  #objective(): SessionSummary['objective'] {
    return { direction: this.#direction?.direction ?? null, name: this.spec.objective?.name ?? null };
  }

  /** A host value as shaping reads it: higher is better. */
  #higherIsBetter<Value extends number | null | undefined>(value: Value): Value {
    return (typeof value === 'number' && this.#direction?.direction === 'minimize' ? -value : value) as Value;
  }

  /** The node's cell under the run's descriptors, with its axes as numbers (`descriptorMetrics`). */
  #cell(node: SessionNode): SessionAdmission['cell'] {
    const { key, values, metrics } = this.#metrics.measure(node);
    return { key, values: [...values], metrics: { ...metrics } };
  }

  #qualityDiversity(): SessionSummary['qualityDiversity'] {
    const archive = this.#archive;
    if (archive === undefined) return null;
    const cells = archive.cells().map((cell) => ({ ...cell, values: [...cell.values] }));
    return { axes: [...this.#descriptors.axes], coverage: archive.coverage, qdScore: archive.qdScore(), cells };
  }

  /** Keeps a node's latest fields (parents may come with `observe` only) and its first outcome. */
  #remember(node: SessionNode, outcome?: SessionOutcome): void {
    const known = this.#nodes.get(node.id);
    const parents = node.parents ?? known?.node.parents;
    this.#nodes.set(node.id, {
      node: { ...node, ...(parents === undefined ? {} : { parents }) },
      step: known?.step ?? this.#nodes.size,
      ...(known?.outcome !== undefined ? { outcome: known.outcome } : outcome === undefined ? {} : { outcome }),
    });
  }

  /** The run so far, for a host's memory prompt and for monitoring. */
  summary(): SessionSummary {
    return {
      id: this.spec.id,
      spec: this.spec,
      objective: this.#objective(),
      admitted: this.#admitted,
      rejected: this.#rejected,
      observed: { ...this.#observed },
      mode: this.#adaptive?.mode ?? 'exploit',
      meanNovelty: this.#observed.valid === 0 ? null : this.#noveltySum / this.#observed.valid,
      concepts: [...this.#concepts]
        .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
        .map(([concept, nodes]) => ({ concept, nodes })),
      bonusStrength: this.#bonus?.strength ?? null,
      qualityDiversity: this.#qualityDiversity(),
    };
  }
}

/** The node fields a run keeps of a host's node (a search adapter's nodes carry more). */
function hostNode({ id, plan, code, operator }: ShapingNode): SessionNode {
  return { id, plan, code, ...(operator === undefined ? {} : { operator }) };
}

/** The fields that are set: an observation naming a node by id keeps the fields the run already has. */
function withoutUndefined<Fields extends object>(fields: Fields): Partial<Fields> {
  return Object.fromEntries(Object.entries(fields).filter((entry) => entry[1] !== undefined)) as Partial<Fields>;
}

/** Greedy argmax over the (shaped) values, or a draft when there is none or explore mode asks for one. */
const greedyStandIn: Selector<string> = ({ candidates, exploration }) => {
  let best: SelectionCandidate<string> | undefined;
  for (const candidate of candidates)
    if (candidate.value !== null && (best === undefined || candidate.value > best.value!)) best = candidate;
  if (best === undefined || exploration?.preferDraft === true) return { action: 'draft', chosen: [] };
  return { action: 'improve', chosen: [best] };
};
