import { z } from 'zod';
import {
  SessionNodeSchema,
  SessionObservationSchema,
  ShapingSessionSpecSchema,
  SessionSelectionRequestSchema,
} from '../session/shaping-session-spec.js';
import { ServeHealthSchema } from './serve-responses.js';
import { SessionAdmissionSchema, SessionSummarySchema, SessionSelectionSchema } from '../session/session-responses.js';

/** One endpoint of `boden serve`: where it is, what it takes and answers; the routes and `/openapi.json` both read it. */
export interface ServeEndpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Fastify's pattern (`/runs/:id/admit`). */
  readonly url: string;
  readonly summary: string;
  /** The request body's schema, when it has one. */
  readonly body?: z.ZodType;
  /** The success status and what it carries: a JSON schema, or another media type described in words. */
  readonly status: number;
  readonly response: z.ZodType | { readonly mediaType: string; readonly description: string };
  /** Takes an `Idempotency-Key` header: a retry with the same key is applied once. */
  readonly idempotent?: boolean;
}

/** Every endpoint of `boden serve`, by name. */
export const serveEndpoints = {
  health: {
    method: 'GET',
    url: '/health',
    summary:
      'The service is up: how many runs it holds, runs whose log had a torn last record or damaged lines at start; 503 and `degraded` when calls cannot be acknowledged (the data directory was removed, the last log write failed).',
    status: 200,
    response: ServeHealthSchema,
  },
  metrics: {
    method: 'GET',
    url: '/metrics',
    summary: 'Request counts, latency histograms and nodes per run, in Prometheus text format.',
    status: 200,
    response: { mediaType: 'text/plain', description: 'Prometheus text exposition format 0.0.4.' },
  },
  openapi: {
    method: 'GET',
    url: '/openapi.json',
    summary: 'This document.',
    status: 200,
    response: { mediaType: 'application/json', description: 'An OpenAPI 3.1 document.' },
  },
  listRuns: {
    method: 'GET',
    url: '/runs',
    summary: 'Summaries of the open runs, in creation order.',
    status: 200,
    response: z.strictObject({ runs: z.array(SessionSummarySchema) }),
  },
  createRun: {
    method: 'POST',
    url: '/runs',
    summary: 'Creates a run: its id, the novelty metric shaping reads, and the middleware (bonus, adaptive, gate).',
    body: ShapingSessionSpecSchema,
    status: 201,
    response: SessionSummarySchema,
  },
  getRun: {
    method: 'GET',
    url: '/runs/:id',
    summary: "A run's summary: counts, mode, mean novelty, concepts tried, the bonus's weight (for a memory prompt).",
    status: 200,
    response: SessionSummarySchema,
  },
  closeRun: {
    method: 'DELETE',
    url: '/runs/:id',
    summary: 'Closes a run; its log is kept as <id>.closed.jsonl and not replayed. Answers its last summary.',
    status: 200,
    response: SessionSummarySchema,
  },
  admit: {
    method: 'POST',
    url: '/runs/:id/admit',
    summary: 'Scores a new node before the host evaluates it; the gate may reject it (then do not evaluate it).',
    body: SessionNodeSchema,
    status: 200,
    response: SessionAdmissionSchema,
    idempotent: true,
  },
  observe: {
    method: 'POST',
    url: '/runs/:id/observe',
    summary: "Reports an evaluated node's outcome; a valid node joins the run's history.",
    body: SessionObservationSchema,
    status: 200,
    response: z.strictObject({ ok: z.literal(true) }),
    idempotent: true,
  },
  select: {
    method: 'POST',
    url: '/runs/:id/select',
    summary: "Shapes the host's candidates: values after shaping, the exploration knobs and the directive for the next prompt.",
    body: SessionSelectionRequestSchema,
    status: 200,
    response: SessionSelectionSchema,
    idempotent: true,
  },
  exportRun: {
    method: 'GET',
    url: '/runs/:id/export',
    summary: "The run's observed nodes cut into episodes, as boden's episode JSON lines (what `boden score` reads).",
    status: 200,
    response: { mediaType: 'application/x-ndjson', description: 'A run line, then one line per episode and per infeasible attempt.' },
  },
  events: {
    method: 'GET',
    url: '/runs/:id/events',
    summary: "The run's shaping events as they happen: node-scored, candidate-rejected, selection-made, mode-changed (then closed).",
    status: 200,
    response: {
      mediaType: 'text/event-stream',
      description: "Server-sent events; each `data` is the event's JSON payload. Live only: nothing is replayed.",
    },
  },
} as const satisfies Record<string, ServeEndpoint>;
