import { z } from 'zod';
import type { ServeEndpoint } from './serve-endpoints.js';
import { ServeErrorSchema } from './serve-responses.js';

/** JSON Schema of a zod schema, as the request (`input`: defaults optional) or the answer (`output`) has it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/**
 * The OpenAPI 3.1 document of `boden serve`, generated from the same zod schemas that check the requests (zod's
 * `toJSONSchema`; OpenAPI 3.1 takes JSON Schema 2020-12 as it is, so no OpenAPI plug-in is needed).
 */
export function serveApiDocument(endpoints: Readonly<Record<string, ServeEndpoint>>, version: string): Record<string, unknown> {
  const error = {
    description: 'What is wrong; for a bad body the field.',
    content: { 'application/json': { schema: jsonSchema(ServeErrorSchema, 'output') } },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const path = endpoint.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [...endpoint.url.matchAll(/:([A-Za-z]+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (endpoint.idempotent === true) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A retried call with the same key on a run is applied once.',
        schema: { type: 'string', minLength: 1, maxLength: 200 },
      });
    }
    const success =
      endpoint.response instanceof z.ZodType
        ? { description: 'Success.', content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } } }
        : { description: endpoint.response.description, content: { [endpoint.response.mediaType]: {} } };
    paths[path] ??= {};
    paths[path]![endpoint.method.toLowerCase()] = {
      operationId: name,
      summary: endpoint.summary,
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(endpoint.body === undefined
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } } }),
      responses: { [String(endpoint.status)]: success, '400': error, '401': error, '404': error, '409': error, '422': error },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'boden serve',
      version,
      description: 'Score, gate and shape the nodes of a search loop in any language. See the README, "Shaping a Python agent".',
    },
    components: {
      securitySchemes: {
        token: { type: 'http', scheme: 'bearer', description: 'Needed when the service was started with --token or BODEN_TOKEN.' },
      },
    },
    security: [{}, { token: [] }],
    paths,
  };
}
