import { ChatOpenAI } from '@langchain/openai';
import { createAgent, tool } from 'langchain';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodenMiddleware } from '../../adapters/langchain-agent/index.js';
import { createServeApp } from '../../src/serve/create-serve-app.js';
import { ShapingSession } from '../../src/session/shaping-session.js';
import type { SessionAdmission, SessionSelection, SessionSummary } from '../../src/session/session-responses.js';
import type { ShapingSessionSpecInput } from '../../src/session/shaping-session-spec.js';
import type { SelectionCandidate, Selector } from '../../src/shaping/selector.js';
import type { SelectionMadeEvent } from '../../src/shaping/shaping-events.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';

/** A run's experiments in order: two exact repeats (the gate's), near copies, and new ideas; the score each gets. */
const experiments = [
  {
    plan: 'Gradient boosting on the raw features.',
    code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=300)',
    value: 0.8,
  },
  { plan: 'Gradient boosting, the same again.', code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=300)', value: 0.8 },
  {
    plan: 'Ridge regression on standardised features.',
    code: 'from sklearn.linear_model import Ridge\nmodel = Ridge(alpha=1.0)',
    value: 0.7,
  },
  {
    plan: 'Gradient boosting with a smaller learning rate.',
    code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor(n_estimators=300, learning_rate=0.05)',
    value: 0.81,
  },
  {
    plan: 'A small MLP with Adam.',
    code: 'import torch\nnet = torch.nn.Sequential(torch.nn.Linear(8, 64), torch.nn.ReLU(), torch.nn.Linear(64, 1))',
    value: 0.9,
  },
  { plan: 'Ridge again.', code: 'from sklearn.linear_model import Ridge\nmodel = Ridge(alpha=1.0)', value: 0.7 },
  {
    plan: 'Random forest with 500 trees.',
    code: 'from sklearn.ensemble import RandomForestRegressor\nmodel = RandomForestRegressor(n_estimators=500)',
    value: 0.78,
  },
];

/** What a driver of a run reports: each admission, each selection, and the summary at the end. */
interface Trace {
  admissions: SessionAdmission[];
  selections: SessionSelection[];
  summary: SessionSummary;
}

/** The calls every driver makes: admit each experiment, observe the accepted ones, and select after each observation. */
async function drive(calls: {
  admit(node: { id: string; plan: string; code: string }): Promise<SessionAdmission>;
  observe(node: { id: string; plan: string; code: string }, outcome: { valid: boolean; value: number }): Promise<void>;
  select(candidates: { id: string; value: number }[]): Promise<SessionSelection>;
  summary(): Promise<SessionSummary>;
}): Promise<Trace> {
  const trace: Trace = { admissions: [], selections: [], summary: undefined as never };
  const valid: { id: string; value: number }[] = [];
  for (const [index, experiment] of experiments.entries()) {
    const node = { id: `e${index + 1}`, plan: experiment.plan, code: experiment.code };
    const admission = await calls.admit(node);
    trace.admissions.push(admission);
    if (!admission.accepted) continue;
    await calls.observe(node, { valid: true, value: experiment.value });
    valid.push({ id: node.id, value: experiment.value });
    trace.selections.push(await calls.select(valid));
  }
  trace.summary = await calls.summary();
  return trace;
}

/** A run driven directly: the reference every other driver is held to. */
function directDriver(spec: ShapingSessionSpecInput) {
  const session = new ShapingSession(spec);
  return {
    admit: (node: { id: string; plan: string; code: string }) => session.admit(node),
    observe: (node: { id: string; plan: string; code: string }, outcome: { valid: boolean; value: number }) =>
      session.observe(node, outcome),
    select: (candidates: { id: string; value: number }[]) => session.select({ candidates }),
    summary: async () => session.summary(),
    trajectory: () => session.trajectory(),
  };
}

/** The same run through `boden serve`'s HTTP API (Fastify's inject: the whole request path, no socket). */
async function servedDriver(spec: ShapingSessionSpecInput) {
  const { app } = await createServeApp();
  const call = async <Answer>(method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as Answer;
  };
  await call('POST', '/runs', spec as object);
  const run = `/runs/${spec.id}`;
  return {
    close: () => app.close(),
    admit: (node: { id: string; plan: string; code: string }) => call<SessionAdmission>('POST', `${run}/admit`, node),
    observe: async (node: { id: string; plan: string; code: string }, outcome: { valid: boolean; value: number }) =>
      void (await call('POST', `${run}/observe`, { node, outcome })),
    select: (candidates: { id: string; value: number }[]) => call<SessionSelection>('POST', `${run}/select`, { candidates }),
    summary: () => call<SessionSummary>('GET', run),
  };
}

/** A host's own policy, typed by its own node: greedy argmax, or a draft when explore mode prefers one (the stand-in's rule). */
interface HostNode {
  readonly key: string;
}
const hostGreedy: Selector<HostNode> = ({ candidates, exploration }) => {
  let best: SelectionCandidate<HostNode> | undefined;
  for (const candidate of candidates)
    if (candidate.value !== null && (best === undefined || candidate.value > best.value!)) best = candidate;
  if (best === undefined || exploration?.preferDraft === true) return { action: 'draft', chosen: [] };
  return { action: 'improve', chosen: [best] };
};

/** The same run with the host keeping its own selector, wrapped by `session.shape`: its admit, observe and calls. */
function shapedDriver(spec: ShapingSessionSpecInput) {
  const session = new ShapingSession(spec);
  const shaped = session.shape(hostGreedy);
  let made: SelectionMadeEvent | undefined;
  session.events.on('selection-made', (event) => {
    made = event;
  });
  return {
    session,
    // Answers what the shaped selector answers, with the run's other fields from its summary-side state left out.
    admit: async (node: { id: string; plan: string; code: string }) => (await shaped.admit(node)) as unknown as SessionAdmission,
    observe: (node: { id: string; plan: string; code: string }, outcome: { valid: boolean; value: number }) =>
      shaped.observe(node, outcome),
    select: async (candidates: { id: string; value: number }[]): Promise<SessionSelection> => {
      const selection = await shaped({
        candidates: candidates.map((candidate) => ({ ...candidate, node: { key: candidate.id } })),
        random: () => 0.5,
      });
      return {
        action: selection.action,
        chosen: selection.chosen.map((candidate) => candidate.id),
        values: Object.fromEntries(made!.values.map((value) => [value.id, value.after])),
        removed: [...made!.removed],
        exploration: made!.exploration,
        directive: selection.directive ?? null,
      };
    },
    summary: async () => session.summary(),
  };
}

const servers: FakeOpenAiServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('ShapingSession conformance: every driver of one shaped run gets what a direct session gets', () => {
  const spec: ShapingSessionSpecInput = {
    id: 'conformance',
    judge: 'rubric',
    gate: {},
    adaptive: { patience: 1, window: 2, threshold: 0.5 },
    bonus: { strength: 0.4 },
    qd: { seed: 3 },
  };

  it('boden serve (HTTP) answers every admission and selection, and the summary, exactly as the direct session', async () => {
    const direct = await drive(directDriver(spec));
    const served = await servedDriver(spec);
    const overHttp = await drive(served);
    await served.close();
    // The script exercises what is compared: the gate rejects both repeats, a selection is made after each outcome.
    expect(direct.admissions.map((admission) => admission.accepted)).toEqual([true, false, true, true, true, false, true]);
    expect(direct.selections).toHaveLength(5);
    expect(direct.admissions[4]!.verdict).not.toBeNull();
    expect(overHttp).toEqual(JSON.parse(JSON.stringify(direct)));
  });

  it("a host's own selector shaped by session.shape selects, gates, counts and exports as the direct session", async () => {
    // A schedule that switches to explore within the script, so the comparison covers its knobs and drafts.
    const switching: ShapingSessionSpecInput = { ...spec, adaptive: { patience: 1, window: 1, threshold: 0.99 } };
    const direct = directDriver(switching);
    const directTrace = await drive(direct);
    const shaped = shapedDriver(switching);
    const shapedTrace = await drive(shaped);
    // The shaped selector answers NodeAdmission (accepted, resample, the middleware's novelty), the run's summary the rest.
    expect(shapedTrace.admissions.map(({ id, accepted }) => ({ id, accepted }))).toEqual(
      directTrace.admissions.map(({ id, accepted }) => ({ id, accepted })),
    );
    expect(shapedTrace.selections).toEqual(directTrace.selections);
    // The schedule switched and the bonus moved values, so the comparison covers both.
    expect(directTrace.selections.some((selection) => selection.exploration.mode === 'explore')).toBe(true);
    expect(directTrace.selections.some((selection) => selection.action === 'draft')).toBe(true);
    expect(directTrace.admissions.filter((admission) => !admission.accepted)).toHaveLength(2);
    expect(shapedTrace.summary).toEqual(directTrace.summary);
    expect(shaped.session.trajectory()).toEqual(direct.trajectory());
  });

  it("the LangChain middleware scores, gates and counts its agent's experiments as the direct session does", async () => {
    const server = await startFakeOpenAiServer({
      chat: (body) => {
        const answered = (body.messages as { role: string }[]).filter((message) => message.role === 'tool').length;
        const next = experiments[answered];
        return next === undefined
          ? 'Done.'
          : {
              content: null,
              toolCalls: [{ name: 'run_experiment', arguments: { plan: next.plan, code: next.code }, id: `call_${answered}` }],
            };
      },
    });
    servers.push(server);
    const runExperiment = tool(
      async ({ code }: { plan: string; code: string }) => String(experiments.find((experiment) => experiment.code === code)!.value),
      {
        name: 'run_experiment',
        description: 'Runs an ML experiment and returns its validation score.',
        schema: z.object({ plan: z.string(), code: z.string() }),
      },
    );
    // The middleware's own spec: the gate and the judge (its schedule's selections depend on the model's turns).
    const middleware = bodenMiddleware({ runId: 'conformance', judge: 'rubric', gate: {} });
    const agent = createAgent({
      model: new ChatOpenAI({ model: 'scripted', apiKey: 'not-needed', maxRetries: 0, configuration: { baseURL: server.baseURL } }),
      tools: [runExperiment],
      middleware: [middleware],
    });
    const result = (await agent.invoke(
      { messages: [{ role: 'user', content: 'Predict house prices.' }] },
      { recursionLimit: 60 },
    )) as unknown as { boden: { experiments: { id: string; accepted: boolean; novelty: number | null; verdict: number | null }[] } };

    const reference = directDriver({ id: 'conformance', judge: 'rubric', gate: {} });
    const admissions: SessionAdmission[] = [];
    for (const [index, experiment] of experiments.entries()) {
      const node = { id: `e${index + 1}`, plan: experiment.plan, code: experiment.code };
      const admission = await reference.admit(node);
      admissions.push(admission);
      if (admission.accepted) await reference.observe(node, { valid: true, value: experiment.value });
    }
    expect(result.boden.experiments.map(({ id, accepted, novelty, verdict }) => ({ id, accepted, novelty, verdict }))).toEqual(
      admissions.map((admission) => ({
        id: admission.id,
        accepted: admission.accepted,
        novelty: admission.novelty,
        verdict: admission.verdict?.score ?? null,
      })),
    );
    expect(admissions.filter((admission) => !admission.accepted)).toHaveLength(2);
    const { spec: _middlewareSpec, ...counted } = middleware.summary();
    const { spec: _referenceSpec, ...expected } = await reference.summary();
    expect(counted).toEqual(expected);
  });
});
