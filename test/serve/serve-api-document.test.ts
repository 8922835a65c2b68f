import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServeApp } from '../../src/serve/create-serve-app.js';
import { serveEndpoints, type ServeEndpoint } from '../../src/serve/serve-endpoints.js';
import { bodenVersion } from '../../src/version.js';
import { readFileSync } from 'node:fs';

const made = await createServeApp();
afterAll(() => made.app.close());

const call = async (endpoint: ServeEndpoint, url: string, payload?: object) => {
  const response = await made.app.inject({ method: endpoint.method, url, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, `${endpoint.method} ${url}: ${response.body}`).toBe(endpoint.status);
  return response;
};
/** The answer parsed by the schema the document gives for it (strict: an undocumented field fails). */
const answerOf = async (endpoint: ServeEndpoint, url: string, payload?: object) => {
  const response = await call(endpoint, url, payload);
  if (!(endpoint.response instanceof z.ZodType)) throw new Error(`${endpoint.url} does not answer JSON`);
  return endpoint.response.parse(response.json());
};

describe('boden serve /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document with every route the app serves, and only those', async () => {
    const document = (await call(serveEndpoints.openapi, '/openapi.json')).json<{
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version: bodenVersion } });
    await SwaggerParser.validate(structuredClone(document) as never);
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const endpoints = Object.values(serveEndpoints).map((endpoint) => `${endpoint.method} ${endpoint.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(endpoints.sort());
    for (const endpoint of Object.values(serveEndpoints))
      expect(made.app.hasRoute({ method: endpoint.method, url: endpoint.url }), endpoint.url).toBe(true);
  });

  it('documents request bodies from the schemas that check them, defaults optional', async () => {
    const document = (await call(serveEndpoints.openapi, '/openapi.json')).json<{
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, { schema: { required?: string[]; properties: Record<string, unknown> } }> } }
        >
      >;
    }>();
    const createBody = document.paths['/runs']!.post!.requestBody!.content['application/json']!.schema;
    expect(createBody.required).toEqual(['id']);
    expect(Object.keys(createBody.properties).sort()).toEqual([
      'adaptive',
      'bonus',
      'descriptors',
      'gate',
      'id',
      'judge',
      'metric',
      'noveltySearch',
      'objective',
      'pareto',
      'qd',
    ]);
    const admitBody = document.paths['/runs/{id}/admit']!.post!.requestBody!.content['application/json']!.schema;
    expect(admitBody.required?.sort()).toEqual(['code', 'id', 'plan']);
    expect(admitBody.properties).toHaveProperty('parents');
  });

  it('gives every JSON answer a schema that the real answers match', async () => {
    await answerOf(serveEndpoints.createRun, '/runs', { id: 'schemas', bonus: {}, adaptive: { patience: 1 }, gate: { threshold: 0.3 } });
    const nodes = [
      { id: 'a', plan: 'Gradient boosting on raw features.', code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()' },
      { id: 'b', plan: 'Gradient boosting on raw features.', code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()\n# again' },
      {
        id: 'c',
        plan: 'Ridge regression on scaled inputs.',
        code: 'from sklearn.linear_model import Ridge\nmodel = Ridge()',
        parents: ['a'],
      },
    ];
    const admissions = [];
    for (const node of nodes) {
      admissions.push(await answerOf(serveEndpoints.admit, '/runs/schemas/admit', node));
      await answerOf(serveEndpoints.observe, '/runs/schemas/observe', { node, outcome: { valid: true, value: 0.5 } });
    }
    // Both kinds of admission: accepted and rejected (with its reason).
    expect(admissions.map((admission) => (admission as { accepted: boolean }).accepted)).toContain(false);
    expect(admissions.map((admission) => (admission as { accepted: boolean }).accepted)).toContain(true);
    await answerOf(serveEndpoints.select, '/runs/schemas/select', {
      candidates: [
        { id: 'a', value: 0.5 },
        { id: 'c', value: null },
      ],
    });
    await answerOf(serveEndpoints.getRun, '/runs/schemas');
    await answerOf(serveEndpoints.listRuns, '/runs');
    await answerOf(serveEndpoints.health, '/health');
    await answerOf(serveEndpoints.closeRun, '/runs/schemas');
  });

  it('names the package version that package.json has', () => {
    expect(bodenVersion).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
  });
});
