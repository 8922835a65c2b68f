import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BodenError } from '../errors/boden-error.js';
import { TrajectoryError } from '../errors/trajectory-error.js';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import { parseOptions } from '../options/parse-options.js';
import { RunExistsError, ServedRuns, UnknownRunError } from './served-runs.js';
import { IdempotencyKeySchema, ServedNodeSchema, ServedObservationSchema, ServedSelectionRequestSchema } from './served-run-spec.js';

/** Options of `createServeApp`. */
export const ServeAppOptionsSchema = z.strictObject({
  /** Directory of the run logs (replayed at start); null keeps runs in memory only. */
  dataDirectory: z.string().min(1).nullable().default(null),
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token: z.string().min(8).nullable().default(null),
  /** Largest request body, in bytes. */
  bodyLimit: z.number().int().positive().default(8 * 1024 * 1024),
});

/** Options of `createServeApp` as callers write them. */
export type ServeAppOptions = z.input<typeof ServeAppOptionsSchema>;

/** A 400 for a request body that fails its schema, naming the field. */
class BadRequestError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(field === '' ? message : `${field}: ${message}`);
    this.field = field;
  }
}

/** The request's `Idempotency-Key` header, checked; undefined when it has none. */
function idempotencyKey(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw new BadRequestError('Idempotency-Key', 'expected one header of 1-200 characters');
  return parsed.data;
}

/** `body` parsed by `schema`, or a `BadRequestError` naming the first bad field. */
function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new BadRequestError(issue.path.map(String).join('.'), issue.message);
}

/**
 * The HTTP/JSON API of `boden serve` (Fastify): runs are created, fed and asked from any language over loopback.
 * Bodies are checked with zod and a bad one is a 400 naming the field; an unknown run is a 404; no answer carries a
 * stack trace. See README "Shaping a Python agent" for the endpoints.
 */
export async function createServeApp(options: ServeAppOptions = {}): Promise<{ app: FastifyInstance; runs: ServedRuns }> {
  const parsed = parseOptions(ServeAppOptionsSchema, options, 'createServeApp');
  const runs = await ServedRuns.open(parsed.dataDirectory);
  const app = Fastify({ logger: false, bodyLimit: parsed.bodyLimit });

  if (parsed.token !== null) {
    const expected = `Bearer ${parsed.token}`;
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== expected) await reply.code(401).send({ error: 'missing or wrong token (Authorization: Bearer <token>)' });
    });
  }

  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof BadRequestError) return reply.code(400).send({ error: error.message, field: error.field });
    if (InvalidOptionsError.isInstance(error)) return reply.code(400).send({ error: error.message, field: error.issues[0]?.path ?? '' });
    if (error instanceof UnknownRunError) return reply.code(404).send({ error: error.message });
    if (error instanceof RunExistsError) return reply.code(409).send({ error: error.message });
    // The export cuts the host's tree into episodes: parents that form a cycle are the host's data, not a crash.
    if (TrajectoryError.isInstance(error)) return reply.code(422).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own refusals (a body that is not JSON, too large, a wrong content type) keep their 4xx.
    if (typeof status === 'number' && status >= 400 && status < 500) return reply.code(status).send({ error: (error as Error).message });
    const message = BodenError.isInstance(error) ? error.message : `internal error: ${(error as Error).message}`;
    return reply.code(500).send({ error: message });
  });
  app.setNotFoundHandler(async (request, reply) => reply.code(404).send({ error: `no endpoint ${request.method} ${request.url}` }));

  app.get('/health', async () => ({ status: 'ok', runs: runs.ids().length, tornTails: runs.tornTails }));
  app.get('/runs', async () => ({ runs: runs.ids().map((id) => runs.summary(id)) }));
  app.post('/runs', async (request, reply) => reply.code(201).send(await runs.create(request.body as never)));
  app.get<{ Params: { id: string } }>('/runs/:id', async (request) => runs.summary(request.params.id));
  app.delete<{ Params: { id: string } }>('/runs/:id', async (request) => runs.close(request.params.id));
  app.post<{ Params: { id: string } }>('/runs/:id/admit', async (request) => runs.admit(request.params.id, parseBody(ServedNodeSchema, request.body), idempotencyKey(request.headers)));
  app.post<{ Params: { id: string } }>('/runs/:id/observe', async (request) => {
    await runs.observe(request.params.id, parseBody(ServedObservationSchema, request.body), idempotencyKey(request.headers));
    return { ok: true };
  });
  app.get<{ Params: { id: string } }>('/runs/:id/export', async (request, reply) =>
    reply.type('application/x-ndjson; charset=utf-8').send(await runs.exportJsonLines(request.params.id)),
  );
  app.post<{ Params: { id: string } }>('/runs/:id/select', async (request) =>
    runs.select(request.params.id, parseBody(ServedSelectionRequestSchema, request.body), idempotencyKey(request.headers)),
  );
  app.addHook('onClose', async () => runs.shutdown());
  return { app, runs };
}
