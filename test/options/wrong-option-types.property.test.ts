import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeEmbeddings, FakeListChatModel, FakeVectorStore } from '@langchain/core/utils/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as aideGreedy from '../../adapters/aide-greedy/index.js';
import * as evolutionary from '../../adapters/evolutionary/index.js';
import * as langchainAgent from '../../adapters/langchain-agent/index.js';
import * as langgraphTreeSearch from '../../adapters/langgraph-tree-search/index.js';
import * as mcts from '../../adapters/mcts/index.js';
import * as searchLoop from '../../adapters/search-loop/index.js';
import * as trajectory from '../../adapters/trajectory/index.js';
import type { Timers } from '../../src/calls/timers.js';
import * as core from '../../src/index.js';
import * as calls from '../../src/calls/index.js';
import * as cli from '../../src/cli/index.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// Issue #36: every exported factory called with options of the wrong types gives a typed error that names the option
// (never a bare TypeError from inside, never only "Invalid input"). Each factory gets a full valid options object; the
// property replaces one option by a value of another type (or nests garbage inside it), deletes one, or passes a
// non-object instead of the options, and sorts each call into ok / typed / untyped.

const directory = useTemporaryDirectory('boden-wrong-options-');

/** The entry points package.json exports, by their import path. */
const entryPoints: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  '.': core,
  './adapters/trajectory': trajectory,
  './adapters/aide-greedy': aideGreedy,
  './adapters/mcts': mcts,
  './adapters/evolutionary': evolutionary,
  './adapters/search-loop': searchLoop,
  './adapters/langchain-agent': langchainAgent,
  './adapters/langgraph-tree-search': langgraphTreeSearch,
  './calls': calls,
  './cli': cli,
};

/** Collaborators and files the valid options point at, made once before the cases run. */
interface Fixtures {
  readonly corpus: core.Corpus;
  readonly corpusDirectory: string;
  readonly solutions: string;
  readonly exactIndexPath: string;
  readonly hnswIndexPath: string;
  readonly source: core.NoveltySource;
  readonly judge: core.Judge;
  readonly scorer: core.NoveltyScorer;
  freshDirectory(): string;
}

/** One exported factory: how to call it with an options value, and a valid options object naming every option. */
interface FactoryCase {
  readonly name: string;
  valid(fixtures: Fixtures): Record<string, unknown>;
  call(options: unknown, fixtures: Fixtures): unknown;
}

const operators = {
  draft: async () => ({ plan: 'p', code: 'c' }),
  improve: async () => ({ plan: 'p', code: 'c' }),
  debug: async () => ({ plan: 'p', code: 'c' }),
  crossover: async () => ({ plan: 'p', code: 'c' }),
};
const evaluate = async () => ({ valid: true, value: 1 });
const chatModel = () => new FakeListChatModel({ responses: ['Plan: p\n```python\nprint(1)\n```'] });
const timers: Timers = {
  setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
const chartRows = [{ step: 1, value: 0.5, series: 'a', low: 0.4, high: 0.6 }];
const hnswGraph = { m: 8, efConstruction: 50, efSearch: 'auto', initialCapacity: 16, randomSeed: 1 };
const call =
  <Options>(factory: (options: Options) => unknown) =>
  (options: unknown) =>
    factory(options as Options);

const cases: readonly FactoryCase[] = [
  {
    name: 'createGuardedFetch',
    valid: () => ({ baseURL: 'http://127.0.0.1:9/v1', firstByteTimeoutMs: 100, timers, fetch: async () => new Response('{}') }),
    call: call(calls.createGuardedFetch),
  },
  {
    name: 'withRequestTimeout',
    valid: () => ({ timeoutMs: 1000, signal: new AbortController().signal, timers }),
    call: (options) => calls.withRequestTimeout(async () => 1, options as never),
  },
  {
    name: 'ShapingSession',
    valid: () => ({
      id: 'run-1',
      metric: 'nearest-neighbour',
      objective: { direction: 'minimize', name: 'rmse' },
      bonus: { strength: 0.3, decay: 'children', autoScale: { shift: 0.3 } },
      adaptive: { metric: 'code-nearest-neighbour', threshold: 0.2, patience: 3, window: 4, drafts: 1, directiveAsk: 'new-idea' },
      judge: 'rubric',
      gate: { metric: 'unique-code', threshold: 0.5, maxResamples: 2 },
      descriptors: { axes: ['paradigm'], embeddingClusters: { clusters: 8, radius: 0.5 } },
      qd: { alpha: 1, strength: 0.5, bestShare: 0.75, seed: 1 },
    }),
    call: (options) => new core.ShapingSession(options as never),
  },
  {
    name: 'shapingMiddleware',
    valid: (fixtures) => ({
      gate: { source: fixtures.source, threshold: 0.1 },
      pareto: { source: fixtures.source },
      qd: {},
      noveltySearch: { source: fixtures.source, strength: 5 },
      adaptive: { source: fixtures.source },
      bonus: { source: fixtures.source, strength: 0.3 },
    }),
    call: call(core.shapingMiddleware),
  },
  {
    name: 'createServeApp',
    valid: (fixtures) => ({ dataDirectory: fixtures.freshDirectory(), token: 'a-long-token', bodyLimit: 1024, requestTimeoutMs: 1000 }),
    call: async (options) => {
      const { app } = await core.createServeApp(options as never);
      await app.close();
    },
  },
  {
    name: 'HashingEmbedder',
    valid: () => ({
      dimensions: 64,
      planShare: 0.5,
      planWeight: 0.25,
      planMaxNgram: 2,
      codeLanguage: 'auto',
      keepNameStrings: false,
      idf: { mode: 'online' },
    }),
    call: (options) => new core.HashingEmbedder(options as never),
  },
  {
    name: 'LangChainEmbedder',
    valid: () => ({
      embeddings: new FakeEmbeddings(),
      id: 'fake',
      dimensions: 4,
      batchSize: 8,
      maxConcurrency: 1,
      maxRetries: 0,
      retryDelayMs: 1,
      maxRetryDelayMs: 10,
      random: () => 0.5,
      timers,
      cache: { directory: 'cache' },
      render: () => 'text',
    }),
    call: (options) => new core.LangChainEmbedder(options as never),
  },
  {
    name: 'createOpenAiCompatibleEmbedder',
    valid: () => ({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'm',
      apiKey: 'k',
      dimensions: 4,
      timeoutMs: 1000,
      stripNewLines: false,
      encodingFormat: 'float',
      batchSize: 4,
      cache: false,
    }),
    call: call(core.createOpenAiCompatibleEmbedder),
  },
  {
    name: 'ConceptExtractor',
    valid: () => ({
      vocabulary: [{ id: 'grid-search', name: 'grid search', category: 'search', aliases: ['grid search'] }],
      includeAncestors: false,
      memoisedLines: 16,
    }),
    call: (options) => new core.ConceptExtractor(options as never),
  },
  { name: 'graphInsertionMetric', valid: () => ({ threshold: 0.8, maxNeighbours: 8 }), call: call(core.graphInsertionMetric) },
  { name: 'codeNearestNeighbourMetric', valid: () => ({ dimensions: 64 }), call: call(core.codeNearestNeighbourMetric) },
  { name: 'conceptFuzzyMetric', valid: () => ({ sigma: 0.5 }), call: call(core.conceptFuzzyMetric) },
  {
    name: 'createNoveltyScorer',
    valid: () => ({
      runId: 'run',
      embedder: new core.HashingEmbedder({ dimensions: 64 }),
      index: core.createExactVectorIndex({ dimensions: 64 }),
      metrics: [core.nearestNeighbourMetric()],
      concepts: core.defaultConceptSource(),
      clock: () => 0,
      nearest: 3,
      neighbours: 8,
    }),
    call: call(core.createNoveltyScorer),
  },
  {
    name: 'createNoveltyPass',
    valid: () => ({
      embedderFactory: () => new core.HashingEmbedder({ dimensions: 64 }),
      metrics: [core.nearestNeighbourMetric()],
      clock: () => 0,
      nearest: 3,
      neighbours: 8,
    }),
    call: call(core.createNoveltyPass),
  },
  {
    name: 'createEscalatingJudge',
    valid: () => ({
      cheap: new core.RubricJudge(),
      expensive: new core.RubricJudge({ id: 'other' }),
      threshold: 0.5,
      maxEscalationsPerRun: 2,
    }),
    call: call(core.createEscalatingJudge),
  },
  {
    name: 'LlmJudge',
    valid: () => ({
      model: chatModel(),
      id: 'llm',
      method: 'jsonMode',
      fallback: new core.RubricJudge(),
      prompt: 'plain',
      confidence: 0.8,
      contextTokenBudget: 4096,
      maxConcurrency: 1,
      maxRetries: 0,
      timeoutMs: 1000,
      circuitBreaker: 2,
      deadlineMs: 1000,
      cache: false,
      pricing: { inputPerMillionTokens: 1, outputPerMillionTokens: 2 },
      random: () => 0.5,
      now: () => 0,
      timers,
      nonce: () => 'nonce',
    }),
    call: (options) => new core.LlmJudge(options as never),
  },
  {
    name: 'createOpenAiCompatibleJudge',
    valid: () => ({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'm',
      apiKey: 'k',
      temperature: 0,
      maxTokens: 100,
      cache: false,
      maxRetries: 0,
      fallback: new core.RubricJudge(),
    }),
    call: call(core.createOpenAiCompatibleJudge),
  },
  {
    name: 'RubricJudge',
    valid: () => ({
      id: 'rubric',
      parameters: core.fittedRubricJudgeParameters,
      extractor: new core.ConceptExtractor(),
      maxCachedRuns: 4,
      maxCachedProfiles: 8,
    }),
    call: (options) => new core.RubricJudge(options as never),
  },
  {
    name: 'parseRubricJudgeParameters',
    valid: () => ({ ...core.fittedRubricJudgeParameters }),
    call: call(core.parseRubricJudgeParameters),
  },
  { name: 'createExactVectorIndex', valid: () => ({ dimensions: 4, initialCapacity: 8 }), call: call(core.createExactVectorIndex) },
  {
    name: 'loadExactVectorIndex',
    valid: (fixtures) => ({ path: fixtures.exactIndexPath, dimensions: 4 }),
    call: call(core.loadExactVectorIndex),
  },
  { name: 'createHnswVectorIndex', valid: () => ({ dimensions: 4, ...hnswGraph }), call: call(core.createHnswVectorIndex) },
  {
    name: 'loadHnswVectorIndex',
    valid: (fixtures) => ({ path: fixtures.hnswIndexPath, dimensions: 4, efSearch: 20 }),
    call: call(core.loadHnswVectorIndex),
  },
  {
    name: 'createAutoVectorIndex',
    valid: () => ({ dimensions: 4, threshold: 10, hnsw: hnswGraph }),
    call: call(core.createAutoVectorIndex),
  },
  {
    name: 'loadAutoVectorIndex',
    valid: (fixtures) => ({ path: fixtures.exactIndexPath, dimensions: 4, threshold: 10, hnsw: hnswGraph }),
    call: call(core.loadAutoVectorIndex),
  },
  {
    name: 'createLangChainVectorIndex',
    valid: () => ({
      store: new FakeVectorStore(new FakeEmbeddings()),
      filter: undefined,
      documentMetadata: { corpus: 'c' },
      dimensions: 4,
    }),
    call: call(core.createLangChainVectorIndex),
  },
  {
    name: 'loadLangChainVectorIndex',
    valid: (fixtures) => ({
      store: new FakeVectorStore(new FakeEmbeddings()),
      path: fixtures.exactIndexPath,
      dimensions: 4,
      copyToStore: true,
      documentMetadata: { corpus: 'c' },
    }),
    call: call(core.loadLangChainVectorIndex),
  },
  {
    name: 'openLanceDbVectorIndex',
    valid: (fixtures) => ({
      directory: fixtures.freshDirectory(),
      dimensions: 4,
      table: 'vectors',
      nprobes: 4,
      refineFactor: 2,
      fresh: true,
    }),
    call: call(core.openLanceDbVectorIndex),
  },
  {
    name: 'wrapSelector',
    valid: () => ({ selector: () => ({ action: 'draft' }), middleware: [core.noveltyBonus({ source: 'constant' })] }),
    call: call(core.wrapSelector),
  },
  {
    name: 'scorerNoveltySource',
    valid: (fixtures) => ({ scorer: fixtures.scorer, metric: 'nearest-neighbour' }),
    call: call(core.scorerNoveltySource),
  },
  {
    name: 'judgeNoveltySource',
    valid: (fixtures) => ({ judge: fixtures.judge, runId: 'run', scorer: fixtures.scorer }),
    call: call(core.judgeNoveltySource),
  },
  {
    name: 'functionNoveltySource',
    valid: () => ({ id: 'f', novelty: () => 0.5, observe: () => undefined, current: true }),
    call: call(core.functionNoveltySource),
  },
  {
    name: 'kNearestSparsitySource',
    valid: () => ({ id: 'k', k: 3, embedder: new core.HashingEmbedder({ dimensions: 64 }) }),
    call: call(core.kNearestSparsitySource),
  },
  {
    name: 'noveltyBonus',
    valid: (fixtures) => ({
      strength: 0.5,
      source: fixtures.source,
      normalise: 'min-max',
      decay: 'children',
      timing: 'admission',
      autoScale: { shift: 0.3, rate: 0.2, minStrength: 0.01, maxStrength: 10 },
      countShifts: false,
    }),
    call: call(core.noveltyBonus),
  },
  {
    name: 'adaptiveExploration',
    valid: (fixtures) => ({
      source: fixtures.source,
      window: 5,
      threshold: 0.2,
      patience: 3,
      minImprovement: 0,
      recovery: 0.3,
      strength: 1,
      bonusBoost: 3,
      explorationBoost: 4,
      temperatureBoost: 3,
      drafts: 1,
      directive: true,
      directiveAsk: 'new-idea',
      maxDirectiveConcepts: 12,
      concepts: new core.ConceptExtractor(),
    }),
    call: call(core.adaptiveExploration),
  },
  {
    name: 'createExplorationSchedule',
    valid: () => ({ window: 5, threshold: 0.2, patience: 3, minImprovement: 0, recovery: 0.3 }),
    call: call(core.createExplorationSchedule),
  },
  {
    name: 'formatNoveltyDirective',
    valid: () => ({
      concepts: new Map([['lightgbm', 2]]),
      categoryOf: () => 'model',
      maxConcepts: 12,
      priorityCategories: ['model'],
      ask: 'new-idea',
    }),
    call: call(core.formatNoveltyDirective),
  },
  {
    name: 'noveltyGate',
    valid: (fixtures) => ({ source: fixtures.source, threshold: 0.01, maxResamples: 2, exempt: ['debug'], confirm: () => 'NOVEL' }),
    call: call(core.noveltyGate),
  },
  {
    name: 'paretoObjective',
    valid: (fixtures) => ({ source: fixtures.source, strength: 1, random: () => 0.5 }),
    call: call(core.paretoObjective),
  },
  {
    name: 'conceptDescriptors',
    valid: () => ({ axes: ['paradigm', 'validation'], extractor: new core.ConceptExtractor() }),
    call: call(core.conceptDescriptors),
  },
  {
    name: 'embeddingClusterDescriptors',
    valid: () => ({ embedder: new core.HashingEmbedder({ dimensions: 64 }), clusters: 4, radius: 0.35, axis: 'cluster' }),
    call: call(core.embeddingClusterDescriptors),
  },
  {
    name: 'descriptorMetrics',
    valid: () => ({ descriptors: core.conceptDescriptors(), prefix: 'boden_' }),
    call: call(core.descriptorMetrics),
  },
  {
    name: 'qualityDiversityArchive',
    valid: () => ({ descriptors: core.conceptDescriptors(), alpha: 1, strength: 1, random: () => 0.5 }),
    call: call(core.qualityDiversityArchive),
  },
  {
    name: 'ConceptApproachSummarizer',
    valid: () => ({ vocabulary: [...core.conceptVocabulary], maxConceptsPerLine: 12 }),
    call: (options) => new core.ConceptApproachSummarizer(options as never),
  },
  {
    name: 'createConceptApproachSummarizer',
    valid: () => ({ vocabulary: [...core.conceptVocabulary], maxConceptsPerLine: 12 }),
    call: call(core.createConceptApproachSummarizer),
  },
  {
    name: 'buildCorpus',
    valid: (fixtures) => ({
      inputs: [fixtures.solutions],
      task: 'titanic',
      trajectories: trajectory.trajectoryReader,
      out: fixtures.freshDirectory(),
      embedder: new core.HashingEmbedder({ dimensions: 64 }),
      summarizer: new core.ConceptApproachSummarizer(),
      hnsw: hnswGraph,
      index: core.hnswCorpusIndex(),
      store: 'hnsw',
    }),
    call: call(core.buildCorpus),
  },
  {
    name: 'openCorpus',
    valid: () => ({
      embedder: new core.HashingEmbedder({ dimensions: 64 }),
      summarizer: new core.ConceptApproachSummarizer(),
      efSearch: 20,
      index: core.hnswCorpusIndex(),
    }),
    call: (options, fixtures) => core.openCorpus(fixtures.corpusDirectory, options as never),
  },
  {
    name: 'createHCreativityScorer',
    valid: (fixtures) => ({ corpus: fixtures.corpus, judge: new core.RubricJudge(), k: 3 }),
    call: call(core.createHCreativityScorer),
  },
  { name: 'hnswCorpusIndex', valid: () => ({ ...hnswGraph }), call: call(core.hnswCorpusIndex) },
  {
    name: 'lineChartSpec',
    valid: () => ({
      title: 't',
      rows: chartRows,
      x: 'step',
      y: 'value',
      series: 'series',
      xTitle: 'x',
      yTitle: 'y',
      seriesTitle: 's',
      band: { lower: 'low', upper: 'high' },
      xType: 'quantitative',
      xIntegers: true,
      yDomain: [0, 1],
      seriesOrder: ['a'],
    }),
    call: call(core.lineChartSpec),
  },
  {
    name: 'distributionChartSpec',
    valid: () => ({
      title: 't',
      rows: chartRows,
      category: 'series',
      value: 'value',
      valueTitle: 'v',
      categoryTitle: 'c',
      categoryOrder: ['a'],
      valueDomain: [0, 1],
      colours: ['#000'],
    }),
    call: call(core.distributionChartSpec),
  },
  {
    name: 'stackedShareChartSpec',
    valid: () => ({
      title: 't',
      rows: chartRows,
      x: 'step',
      category: 'series',
      share: 'value',
      xTitle: 'x',
      shareTitle: 's',
      categoryTitle: 'c',
      xOrder: ['1'],
      categoryOrder: ['a'],
      colours: ['#000'],
      mark: 'bar',
    }),
    call: call(core.stackedShareChartSpec),
  },
  {
    name: 'computeTrajectoryStatistics',
    valid: () => ({ seed: 1, resamples: 10, confidence: 0.9, minRunsPerIndex: 2 }),
    call: (options) => core.computeTrajectoryStatistics([], options as never),
  },
  {
    name: 'buildTrajectoryReport',
    valid: () => ({
      seed: 1,
      resamples: 10,
      confidence: 0.9,
      minRunsPerIndex: 2,
      title: 't',
      generatedAt: '2026-01-01',
      judgeId: 'rubric-v1',
    }),
    call: (options) => core.buildTrajectoryReport([], options as never),
  },
  {
    name: 'SafeEventEmitter',
    valid: () => ({ onListenerError: () => undefined }),
    call: (options) => new core.SafeEventEmitter(options as never),
  },
  {
    name: 'createAideGreedySelector',
    valid: () => ({ numDrafts: 5, debugProbability: 0.5, maxDebugDepth: 3 }),
    call: call(aideGreedy.createAideGreedySelector),
  },
  {
    name: 'createAideGreedySearch',
    valid: () => ({
      operators,
      evaluate,
      selector: aideGreedy.createAideGreedySelector(),
      random: () => 0.5,
      seed: 1,
      lowerIsBetter: false,
      idPrefix: 'node',
    }),
    call: call(aideGreedy.createAideGreedySearch),
  },
  { name: 'createUctSelector', valid: () => ({ explorationConstant: 0.25, unvisitedValue: -1 }), call: call(mcts.createUctSelector) },
  {
    name: 'createMctsSearch',
    valid: (fixtures) => ({
      operators,
      evaluate,
      selector: mcts.createUctSelector(),
      random: () => 0.5,
      seed: 1,
      lowerIsBetter: false,
      numChildren: 2,
      maxDebugDepth: 2,
      noveltyBackup: fixtures.source,
      idPrefix: 'node',
    }),
    call: call(mcts.createMctsSearch),
  },
  {
    name: 'createEvolutionarySelector',
    valid: () => ({ improveParents: 1, crossoverParents: 2, parentSampling: 'softmax', shinkaLambda: 10 }),
    call: call(evolutionary.createEvolutionarySelector),
  },
  {
    name: 'createEvolutionarySearch',
    valid: () => ({
      operators,
      evaluate,
      selector: evolutionary.createEvolutionarySelector(),
      random: () => 0.5,
      seed: 1,
      lowerIsBetter: false,
      numIslands: 2,
      maxIslandSize: 10,
      individualsPerGeneration: 2,
      numGenerations: 2,
      initialTemperature: 1,
      finalTemperature: 1,
      crossoverProbability: 0.5,
      generationsTillCrossover: 1,
      migrationProbability: 0,
      generationsTillMigration: 5,
      maxDebugDepth: 2,
      idPrefix: 'node',
    }),
    call: call(evolutionary.createEvolutionarySearch),
  },
  {
    name: 'createIslandPopulation',
    valid: () => ({ islands: 2, maxIslandSize: 4, fitness: () => 1 }),
    call: call(evolutionary.createIslandPopulation),
  },
  {
    name: 'bodenMiddleware',
    valid: () => ({
      runId: 'run',
      tool: 'run_experiment',
      candidate: () => ({ plan: 'p', code: 'c' }),
      outcome: () => ({ valid: true, value: 1 }),
      maximize: true,
      metric: 'nearest-neighbour',
      adaptive: { threshold: 0.2, patience: 3 },
      gate: { threshold: 0.01 },
      judge: 'rubric',
      maxConcepts: 8,
    }),
    call: call(langchainAgent.bodenMiddleware),
  },
  {
    name: 'createTreeSearchGraph',
    valid: () => ({
      operators,
      evaluate,
      policy: 'mcts',
      budget: 4,
      numDrafts: 2,
      mcts: { numChildren: 2, explorationConstant: 0.25 },
      seed: 1,
      lowerIsBetter: false,
      shaping: () => [],
    }),
    call: call(langgraphTreeSearch.createTreeSearchGraph),
  },
  {
    name: 'createChatProposer',
    valid: () => ({ model: chatModel(), task: 'Predict.', attempts: 2 }),
    call: call(langgraphTreeSearch.createChatProposer),
  },
  {
    name: 'createLangChainAideOperators',
    valid: () => ({ model: chatModel(), task: 'Predict.', attempts: 2 }),
    call: call(langgraphTreeSearch.createLangChainAideOperators),
  },
  {
    name: 'createLangChainMctsOperators',
    valid: () => ({ model: chatModel(), task: 'Predict.', attempts: 2 }),
    call: call(langgraphTreeSearch.createLangChainMctsOperators),
  },
  {
    name: 'createLangChainEvolutionaryOperators',
    valid: () => ({ model: chatModel(), task: 'Predict.', attempts: 2 }),
    call: call(langgraphTreeSearch.createLangChainEvolutionaryOperators),
  },
];

/**
 * Exported functions and classes that take no options object of their own, each with why. A new export must be a case
 * above or be listed here, so the property keeps covering every factory.
 */
const notFactories: Readonly<Record<string, string>> = {
  // Plumbing that is itself the check, or a type guard.
  parseOptions: 'is the validation itself',
  createSeededRandom: 'takes a seed, tested in test/random/random-source.test.ts',
  isTrajectoryReader: 'a type guard',
  isShapedSelector: 'a type guard',
  isSolutionFile: 'a predicate on a path',
  isValidNode: 'a predicate on a node',
  isBuggy: 'a predicate on an evaluation',
  isOpenEvolveCheckpoint: 'a predicate on a path',
  // Classes made by the factories above from parsed state; their constructors are not the entry point.
  Corpus: 'constructed by buildCorpus and openCorpus',
  ExactVectorIndex: 'constructed by createExactVectorIndex and loadExactVectorIndex',
  HnswVectorIndex: 'constructed by createHnswVectorIndex and loadHnswVectorIndex',
  AutoVectorIndex: 'constructed by createAutoVectorIndex and loadAutoVectorIndex',
  LangChainVectorIndex: 'constructed by createLangChainVectorIndex and loadLangChainVectorIndex',
  LanceDbVectorIndex: 'constructed by openLanceDbVectorIndex',
  createCachedNoveltySource: 'takes the measure and learn functions of a source being written, not options',
  // Computations over data, with at most settings beside the data.
  segmentEpisodes: 'a computation over nodes',
  runToJsonLines: 'a computation over a run',
  readEpisodesJsonl: 'reads a file',
  readTaskCard: 'reads a file',
  impact: 'a computation',
  impactReference: 'a computation',
  runFeasibility: 'a computation',
  episodeFeasibility: 'a computation',
  uniqueCodeMetric: 'takes no options',
  nearestNeighbourMetric: 'takes no options',
  centroidMetric: 'takes no options',
  meanDistanceMetric: 'takes no options',
  conceptSetMetric: 'takes no options',
  defaultNoveltyMetrics: 'takes no options',
  defaultConceptSource: 'takes no options',
  rubricJudgeValidationScorer: 'takes a judge and a novelty pass',
  crossValidatedRubricJudgeScorer: 'takes a cross-validation',
  scoreRunNovelty: 'a computation over a run',
  scoreRun: 'a computation over a run',
  normaliseCode: 'a computation',
  averageRanks: 'a computation',
  quantile: 'a computation',
  spearman: 'a computation',
  bootstrapConfidenceInterval: 'a computation',
  spearmanWithConfidence: 'a computation',
  krippendorffAlpha: 'a computation',
  mannWhitneyU: 'a computation',
  wilcoxonSignedRank: 'a computation',
  holmAdjust: 'a computation',
  varghaDelaneyA12: 'a computation',
  writeFileAtomic: 'writes a file',
  writeFilesAtomic: 'writes files',
  writeNewFile: 'writes a file',
  readReferenceLabels: 'reads a file',
  metricValidationScorers: 'takes metrics and a novelty pass',
  matchLabels: 'a computation',
  validateAgainstLabels: 'a computation over labels and runs',
  renderEmbeddingText: 'a computation',
  rubricLabel: 'a computation',
  judgeRun: 'a computation over a run',
  toJudgedEpisode: 'a conversion',
  decideRubricScore: 'a computation',
  extractRubricEvidence: 'a computation',
  rubricEvidenceOfRun: 'a computation',
  collectRubricExamples: 'a computation',
  fitRubricJudge: 'a computation over examples',
  crossValidateRubricJudge: 'a computation over examples',
  confidenceCalibration: 'a computation',
  vectorIndexMetadataPath: 'a computation on a path',
  normaliseValue: 'a computation',
  usefulnessOf: 'a computation',
  valueRangeOf: 'a computation',
  parseNoveltyVerdict: 'parses a reply',
  crowdingDistances: 'a computation',
  paretoRanks: 'a computation',
  combinedDescriptors: 'takes a list of descriptors',
  cellDiscoveryCurve: 'a computation',
  qualityDiversityScore: 'a computation',
  runQualityDiversity: 'a computation',
  parseNotebook: 'parses a notebook',
  readSolutionFile: 'reads a file',
  readSolutionRecords: 'reads a file',
  readTrajectorySolutions: 'reads a trajectory',
  readSolutions: 'reads files',
  scoreRunHCreativity: 'a computation over a run',
  scoreMedalTiers: 'a computation over a corpus',
  nearestHumanNeighbourTimeline: 'a computation',
  solutionTime: 'a computation',
  renderChartSvg: 'renders a spec',
  countReportCharts: 'a computation',
  formatReportNumber: 'a computation',
  renderReportHtml: 'renders a report',
  escapeHtml: 'a computation',
  writeReportFile: 'writes a file',
  scoreRunForReport: 'a computation over a run',
  toReportRun: 'a conversion',
  statisticByIndex: 'a computation',
  importAideJournal: 'reads a trajectory',
  importAiScientistV2Journal: 'reads a trajectory',
  importAiraDojoJournal: 'reads a trajectory',
  importOpenEvolveCheckpoint: 'reads a trajectory',
  importShinkaSqlite: 'reads a trajectory',
  importTrajectory: 'reads a trajectory',
  detectTrajectoryFormat: 'reads a path',
  expandTrajectoryInputs: 'reads paths',
  uctValue: 'a computation',
  stableSoftmax: 'a computation',
  sampleIndex: 'a computation',
  sampleWithoutReplacement: 'a computation',
  shinkaParentProbabilities: 'a computation',
  shapingHooksOf: 'reads a selector',
  admitProposal: 'runs a proposal',
  parsePlanAndCode: 'parses a reply',
  // Public since the benchmark became its own package (boden-bench) and reaches the core only through its exports.
  checkArgument: 'is the validation itself',
  readJsonFile: 'reads a file',
  defaultConceptExtractor: 'takes no options',
  profileEpisode: 'a computation',
  inferredSweep: 'a computation',
  inferredSettingLoop: 'a computation',
  reportedUsage: 'reads a message',
  createNonce: 'takes no options',
  createDataDelimiter: 'takes a nonce',
  neutraliseDelimiters: 'a computation',
  resolveEfSearch: 'a computation',
  ServedRuns: 'constructed by createServeApp (ServedRuns.open reads a directory)',
  sessionTrajectory: 'a computation over nodes',
  sleep: 'takes a duration and a signal',
  raceAbort: 'takes a promise and a signal',
  backoffDelay: "a computation (its policy comes from an owner's parsed options)",
  ConcurrencyLimiter: 'takes a number, checked (test/calls)',
  RequestCircuitBreaker: 'takes a number, checked (test/calls)',
  isRetryableFailure: 'a predicate on an error',
  isUnansweredFailure: 'a predicate on an error',
  failureStatus: 'reads an error',
  failureMessage: 'reads an error',
  retryAfterMs: 'reads an error',
  isTimers: 'a type guard',
  describeFailure: 'reads an error',
  markRequiredOptions: 'takes a command',
  formatTextTable: 'a computation',
  formatNumber: 'a computation',
  escapeCell: 'a computation',
};

type Kind = 'number' | 'string' | 'boolean' | 'null' | 'array' | 'object' | 'function' | 'bigint' | 'undefined' | 'symbol';

const kindOf = (value: unknown): Kind => (value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind));
/** A plain object of settings (no methods): an option that holds options of its own, as `hnsw` or `autoScale`. */
const isSettings = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.values(value).every((field) => typeof field !== 'function');

/** A value of each kind: the garbage options are made of. */
const valueOfKind: Readonly<Record<Exclude<Kind, 'undefined' | 'symbol'>, fc.Arbitrary<unknown>>> = {
  number: fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double()),
  string: fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', 'apple', '-1', '1e9', 'NaN', 'null')),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  object: fc.object({ maxDepth: 2, maxKeys: 3 }),
  function: fc.constantFrom(
    () => undefined,
    () => 'text',
  ),
  bigint: fc.bigInt({ min: -10n, max: 10n }),
};

/**
 * A value of the wrong type for an option whose valid value is `valid`: any other kind of value, or, for a list or a
 * plain object, the same container with garbage inside (an element, or one of its own options).
 */
function wrongFor(valid: unknown): fc.Arbitrary<unknown> {
  const kind = kindOf(valid);
  const otherKinds = Object.entries(valueOfKind)
    .filter(([other]) => other !== kind)
    .map(([, arbitrary]) => arbitrary);
  if (kind === 'array' && (valid as unknown[]).length > 0) {
    const element = (valid as unknown[])[0];
    return fc.oneof(...otherKinds, fc.array(wrongFor(element), { minLength: 1, maxLength: 2 }));
  }
  if (isSettings(valid) && Object.keys(valid).length > 0) {
    const nested = fc.constantFrom(...Object.keys(valid)).chain((key) => wrongFor(valid[key]).map((value) => ({ ...valid, [key]: value })));
    return fc.oneof(...otherKinds, nested, valueOfKind.object);
  }
  if (kind === 'object') return fc.oneof(...otherKinds, valueOfKind.object);
  return fc.oneof(...otherKinds);
}

/** One bad call: an option replaced or removed, or garbage instead of the whole options object. */
type Mutation =
  | { readonly kind: 'replace'; readonly key: string; readonly value: unknown }
  | { readonly kind: 'delete'; readonly key: string }
  | { readonly kind: 'whole'; readonly value: unknown };

function mutations(valid: Record<string, unknown>): fc.Arbitrary<Mutation> {
  const keys = Object.keys(valid);
  const notAnObject = fc.oneof(
    valueOfKind.number,
    valueOfKind.string,
    valueOfKind.boolean,
    valueOfKind.array,
    valueOfKind.function,
    valueOfKind.bigint,
    valueOfKind.null,
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(...keys).chain((key) => wrongFor(valid[key]).map((value): Mutation => ({ kind: 'replace', key, value }))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...keys).map((key): Mutation => ({ kind: 'delete', key })) },
    { weight: 2, arbitrary: notAnObject.map((value): Mutation => ({ kind: 'whole', value })) },
  );
}

/** The bad calls every factory gets whatever the seed draws: each option missing or null, and each non-object as the options. */
function fixedMutations(valid: Record<string, unknown>): Mutation[] {
  const keys = Object.keys(valid);
  return [
    ...keys.map((key): Mutation => ({ kind: 'delete', key })),
    ...keys.map((key): Mutation => ({ kind: 'replace', key, value: null })),
    ...[undefined, null, 42, 'options', true, [], () => undefined, 1n].map((value): Mutation => ({ kind: 'whole', value })),
  ];
}

function apply(valid: Record<string, unknown>, mutation: Mutation): unknown {
  if (mutation.kind === 'whole') return mutation.value;
  const copy = { ...valid };
  if (mutation.kind === 'delete') delete copy[mutation.key];
  else copy[mutation.key] = mutation.value;
  return copy;
}

/** True when `text` has `word` as a whole word (so the option `k` is not found in every message). */
const mentions = (text: string, word: string): boolean => new RegExp(`(^|[^A-Za-z0-9_])${word}($|[^A-Za-z0-9_])`).test(text);

/** True when `path` (`hnsw.m`, `vocabulary.0.id`, `efSearch`) is the option `key` or inside it. */
const isWithin = (path: string, key: string): boolean => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[`);

/**
 * True when `error` names the option the mutation broke: an issue at or inside it, or one whose message names it (a
 * rule across options, as "give model and task, or operators"). For garbage instead of the options: the options as a
 * whole, or any option.
 */
function namesOption(error: core.BodenError, mutation: Mutation, keys: readonly string[]): boolean {
  const wanted = mutation.kind === 'whole' ? ['', ...keys] : [mutation.key];
  const named = (path: string, message: string) =>
    wanted.some((key) => (key === '' ? path === '' : isWithin(path, key) || mentions(message, key)));
  if (core.InvalidOptionsError.isInstance(error)) return error.issues.some((issue) => named(issue.path, issue.message));
  if (core.InvalidArgumentError.isInstance(error)) return named(error.argument, error.reason);
  return wanted.some((key) => key !== '' && mentions(error.message, key));
}

/** Zod's catch-all message (a failed union's): says neither what was expected nor where. */
const bareInvalidInput = /(^|: )Invalid input(;|$)/m;

/**
 * Failures that are known and fixed elsewhere, by factory: each pattern must still match a failure (so the entry goes
 * when the fix lands) and nothing else may fail.
 */
const knownGaps: Readonly<Record<string, RegExp>> = {};

type Outcome = 'ok' | 'typed' | 'untyped';

interface Tally {
  calls: number;
  ok: number;
  typed: number;
  untyped: number;
  readonly failures: string[];
}

const tallies = new Map<string, Tally>(cases.map((factory) => [factory.name, { calls: 0, ok: 0, typed: 0, untyped: 0, failures: [] }]));

const describeMutation = (mutation: Mutation): string =>
  mutation.kind === 'delete'
    ? `without ${mutation.key}`
    : mutation.kind === 'whole'
      ? `options = ${fc.stringify(mutation.value)}`
      : `${mutation.key} = ${fc.stringify(mutation.value)}`;

/** Calls the factory with the mutated options and sorts the outcome; a typed error that hides the option is a failure. */
async function classify(factory: FactoryCase, fixtures: Fixtures, mutation: Mutation): Promise<void> {
  const tally = tallies.get(factory.name)!;
  const valid = factory.valid(fixtures);
  tally.calls += 1;
  let outcome: Outcome = 'ok';
  let problem: string | undefined;
  try {
    await factory.call(apply(valid, mutation), fixtures);
  } catch (error) {
    if (!core.BodenError.isInstance(error)) {
      outcome = 'untyped';
      problem = `${(error as Error)?.name ?? typeof error}: ${(error as Error)?.message ?? String(error)}`;
    } else {
      outcome = 'typed';
      if (!namesOption(error, mutation, Object.keys(valid))) problem = `typed error does not name the option: ${error.message}`;
      else if (
        bareInvalidInput.test(error.message) ||
        (core.InvalidOptionsError.isInstance(error) && error.issues.some((issue) => issue.message === 'Invalid input'))
      )
        problem = `says only "Invalid input": ${error.message}`;
    }
  }
  tally[outcome] += 1;
  if (problem !== undefined) tally.failures.push(`${factory.name}(${describeMutation(mutation)}) → ${problem}`);
}

/** Calls, typed errors, successes and untyped errors per factory, with a total row, as a text table. */
function countsTable(): string {
  const rows = [...tallies].map(([name, tally]) => [name, tally.calls, tally.typed, tally.ok, tally.untyped] as const);
  const total = ['total', ...[1, 2, 3, 4].map((column) => rows.reduce((sum, row) => sum + (row[column] as number), 0))];
  const width = Math.max(...rows.map((row) => row[0].length));
  const line = (cells: readonly (string | number)[]) =>
    [String(cells[0]).padEnd(width), ...cells.slice(1).map((cell) => String(cell).padStart(7))].join(' ');
  return [line(['factory', 'calls', 'typed', 'ok', 'untyped']), ...rows.map(line), line(total)].join('\n');
}

describe('every exported factory called with options of the wrong types', () => {
  let fixtures: Fixtures;
  let fresh = 0;

  beforeAll(async () => {
    const freshDirectory = (): string => join(directory, `fresh-${(fresh += 1)}`);
    const solutions = join(directory, 'solutions.jsonl');
    writeFileSync(
      solutions,
      `${JSON.stringify({ id: 'gbm', task: 'titanic', code: 'import lightgbm as lgb' })}\n${JSON.stringify({ id: 'lin', task: 'titanic', text: 'Logistic regression.' })}\n`,
    );
    const corpusDirectory = join(directory, 'corpus');
    const { corpus } = await core.buildCorpus({
      inputs: [solutions],
      task: 'titanic',
      out: corpusDirectory,
      embedder: new core.HashingEmbedder({ dimensions: 64 }),
    });
    mkdirSync(join(directory, 'indexes'));
    const exactIndexPath = join(directory, 'indexes', 'exact.bin');
    const exact = core.createExactVectorIndex({ dimensions: 4 });
    exact.add('a', new Float32Array([1, 0, 0, 0]));
    await exact.save(exactIndexPath);
    const hnswIndexPath = join(directory, 'indexes', 'hnsw.bin');
    const hnsw = core.createHnswVectorIndex({ dimensions: 4 });
    hnsw.add('a', new Float32Array([1, 0, 0, 0]));
    await hnsw.save(hnswIndexPath);
    const judge = new core.RubricJudge();
    const scorer = core.createNoveltyScorer({
      embedder: new core.HashingEmbedder({ dimensions: 64 }),
      index: core.createExactVectorIndex({ dimensions: 64 }),
    });
    fixtures = {
      corpus,
      corpusDirectory,
      solutions,
      exactIndexPath,
      hnswIndexPath,
      judge,
      scorer,
      source: core.functionNoveltySource({ id: 'f', novelty: () => 0.5, current: true }),
      freshDirectory,
    };
  });

  it('covers every exported function and class: each is a case here or listed as taking no options object', () => {
    const covered = new Set(cases.map((factory) => factory.name));
    const exported = Object.values(entryPoints).flatMap((module) =>
      Object.entries(module)
        // Error classes take their structured fields, not options.
        .filter(([_name, value]) => typeof value === 'function' && !(value.prototype instanceof Error))
        .map(([name]) => name),
    );
    const unaccounted = exported.filter((name) => !covered.has(name) && notFactories[name] === undefined);
    expect(unaccounted).toEqual([]);
    const stale = [...covered, ...Object.keys(notFactories)].filter((name) => !exported.includes(name));
    expect(stale).toEqual([]);
  });

  for (const factory of cases) {
    it(`${factory.name}: the valid options work, wrong ones give a typed error naming the option`, async () => {
      // The fixture itself must be valid, or every bad call would fail for the wrong reason.
      await factory.call(factory.valid(fixtures), fixtures);
      const valid = factory.valid(fixtures);
      await fc.assert(
        fc.asyncProperty(mutations(valid), async (mutation) => {
          await classify(factory, fixtures, mutation);
        }),
        // The fixed bad calls run first, then 40 drawn ones.
        { seed: 36_036, numRuns: fixedMutations(valid).length + 40, examples: fixedMutations(valid).map((mutation) => [mutation]) },
      );
      const { failures } = tallies.get(factory.name)!;
      const known = knownGaps[factory.name];
      expect(failures.filter((failure) => known === undefined || !known.test(failure))).toEqual([]);
      if (known !== undefined)
        expect(
          failures.some((failure) => known.test(failure)),
          `${factory.name}: the known gap is fixed, remove it from knownGaps`,
        ).toBe(true);
    });
  }

  afterAll(() => {
    // The table of the issue: how each factory answered its bad calls.
    console.log(countsTable());
  });
});
