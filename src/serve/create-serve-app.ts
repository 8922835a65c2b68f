import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type RawServerDefault, type RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { BodenError } from '../errors/boden-error.js';
import { TrajectoryError } from '../errors/trajectory-error.js';
import { InvalidOptionsError } from '../errors/invalid-options-error.js';
import { parseOptions } from '../options/parse-options.js';
import { bodenVersion } from '../version.js';
import { serveApiDocument } from './serve-api-document.js';
import { serveEndpoints, type ServeEndpoint } from './serve-endpoints.js';
import { ServeMetrics } from './serve-metrics.js';
import { RunLogWriteError } from '../errors/run-log-write-error.js';
import { CallRefusedError } from '../session/call-refused-error.js';
import { IdempotencyKeyReusedError, RunClosedError, RunExistsError, ServedRuns, UnknownRunError } from './served-runs.js';
import { IdempotencyKeySchema } from './idempotency-key.js';
import { SessionNodeSchema, SessionObservationSchema, SessionSelectionRequestSchema } from '../session/shaping-session-spec.js';

/** Options of `createServeApp`. */
export const ServeAppOptionsSchema = z.strictObject({
  /** Directory of the run logs (replayed at start); null keeps runs in memory only. */
  dataDirectory: z.string().min(1).nullable().default(null),
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token: z.string().min(8).nullable().default(null),
  /** Largest request body, in bytes. */
  bodyLimit: z
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
  /** Milliseconds a client has to send a whole request (headers and body); a slower one gets 408 and is cut off. */
  requestTimeoutMs: z.number().int().positive().default(60_000),
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
  const app = Fastify({
    logger: false,
    bodyLimit: parsed.bodyLimit,
    requestTimeout: parsed.requestTimeoutMs,
    http: {
      // Node checks the request timeout only this often (30 s by default), so a short timeout needs a shorter period.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(parsed.requestTimeoutMs / 4))),
      // Node never expires a request whose headers timeout is longer than its request timeout (Fastify leaves 60 s).
      headersTimeout: Math.min(60_000, parsed.requestTimeoutMs),
      requestTimeout: parsed.requestTimeoutMs,
    },
  });
  // JSON bodies must be UTF-8: bytes that are not would be replaced silently and stored as U+FFFD.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new BadRequestError('', 'the body is not valid UTF-8'), undefined);
      return;
    }
    jsonParser(request, text, done);
  });
  const metrics = new ServeMetrics(runs);
  const received = new WeakMap<object, bigint>();
  app.addHook('onRequest', async (request) => {
    received.set(request, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (request, reply) => {
    const started = received.get(request);
    const seconds = started === undefined ? 0 : Number(process.hrtime.bigint() - started) / 1e9;
    metrics.record({ method: request.method, route: request.routeOptions.url ?? 'unmatched' }, reply.statusCode, seconds);
  });

  if (parsed.token !== null) {
    const expected = `Bearer ${parsed.token}`;
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== expected)
        await reply.code(401).send({ error: 'missing or wrong token (Authorization: Bearer <token>)' });
    });
  }

  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof BadRequestError) return reply.code(400).send({ error: error.message, field: error.field });
    if (InvalidOptionsError.isInstance(error)) return reply.code(400).send({ error: error.message, field: error.issues[0]?.path ?? '' });
    if (error instanceof UnknownRunError) return reply.code(404).send({ error: error.message });
    if (error instanceof RunExistsError) return reply.code(409).send({ error: error.message });
    if (error instanceof RunClosedError) return reply.code(error.closing ? 409 : 410).send({ error: error.message });
    if (error instanceof IdempotencyKeyReusedError) return reply.code(422).send({ error: error.message, field: 'Idempotency-Key' });
    if (error instanceof CallRefusedError) return reply.code(422).send({ error: error.message, field: error.field });
    // The log could not be written, so nothing was applied: the client may retry once the disk has room again.
    if (RunLogWriteError.isInstance(error)) return reply.code(error.storageFull ? 507 : 503).send({ error: error.message });
    // The export cuts the host's tree into episodes: parents that form a cycle are the host's data, not a crash.
    if (TrajectoryError.isInstance(error)) return reply.code(422).send({ error: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own refusals (a body that is not JSON, too large, a wrong content type) keep their 4xx.
    if (typeof status === 'number' && status >= 400 && status < 500) return reply.code(status).send({ error: (error as Error).message });
    const message = BodenError.isInstance(error) ? error.message : `internal error: ${(error as Error).message}`;
    return reply.code(500).send({ error: message });
  });
  app.setNotFoundHandler(async (request, reply) => reply.code(404).send({ error: `no endpoint ${request.method} ${request.url}` }));

  const route = <Params>(
    endpoint: ServeEndpoint,
    handler: RouteHandlerMethod<RawServerDefault, IncomingMessage, ServerResponse, { Params: Params }>,
  ) => app.route({ method: endpoint.method, url: endpoint.url, handler });
  type Run = { id: string };
  const document = serveApiDocument(serveEndpoints, bodenVersion);
  route(serveEndpoints.health, async (_request, reply) => {
    const storage = await runs.storageProblem();
    return reply.code(storage === null ? 200 : 503).send({
      status: storage === null ? 'ok' : 'degraded',
      storage,
      runs: runs.ids().length,
      tornTails: runs.tornTails,
      recoveries: runs.recoveries,
    });
  });
  route(serveEndpoints.metrics, async (_request, reply) => {
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
  route(serveEndpoints.openapi, async () => document);
  route(serveEndpoints.listRuns, async () => ({ runs: runs.ids().map((id) => runs.summary(id)) }));
  route(serveEndpoints.createRun, async (request, reply) => reply.code(201).send(await runs.create(request.body as never)));
  route<Run>(serveEndpoints.getRun, async (request) => runs.summary(request.params.id));
  route<Run>(serveEndpoints.closeRun, async (request) => runs.close(request.params.id));
  route<Run>(serveEndpoints.admit, async (request) =>
    runs.admit(request.params.id, parseBody(SessionNodeSchema, request.body), idempotencyKey(request.headers)),
  );
  route<Run>(serveEndpoints.observe, async (request) => {
    await runs.observe(request.params.id, parseBody(SessionObservationSchema, request.body), idempotencyKey(request.headers));
    return { ok: true };
  });
  route<Run>(serveEndpoints.select, async (request) =>
    runs.select(request.params.id, parseBody(SessionSelectionRequestSchema, request.body), idempotencyKey(request.headers)),
  );
  route<Run>(serveEndpoints.exportRun, async (request, reply) =>
    reply.type('application/x-ndjson; charset=utf-8').send(await runs.exportJsonLines(request.params.id)),
  );

  // Open event streams, ended before the server closes (a stream never ends by itself, so close would wait forever).
  const streams = new Set<() => void>();
  route<Run>(serveEndpoints.events, async (request, reply) => {
    let stop = () => {};
    const end = () => {
      stop();
      streams.delete(end);
      reply.raw.end();
    };
    // Throws UnknownRunError (a 404) before anything is written.
    stop = runs.follow(request.params.id, (event, payload) => {
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      if (event === 'closed') end();
    });
    streams.add(end);
    request.raw.on('close', end);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // A comment line, so a client knows it is following before the first event.
    reply.raw.write(`: following run ${request.params.id}\n\n`);
  });
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.addHook('onClose', async () => runs.shutdown());
  return { app, runs };
}
