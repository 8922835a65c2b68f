import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServedRuns } from './served-runs.js';

/** The label a request is counted under: its route pattern (`/runs/:id/admit`), never its raw URL (ids would explode the series). */
export interface RequestLabels {
  readonly method: string;
  readonly route: string;
}

/**
 * The service's Prometheus metrics (prom-client, on a registry of its own so two apps in one process never share
 * series): requests by route and status, their latency, and each open run's nodes by state, read at scrape time.
 */
export class ServeMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #duration: Histogram<'method' | 'route'>;

  constructor(runs: ServedRuns) {
    this.#requests = new Counter({
      name: 'boden_serve_requests_total',
      help: 'Requests answered, by method, route and status code.',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.#duration = new Histogram({
      name: 'boden_serve_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method and route.',
      labelNames: ['method', 'route'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers: [this.registry],
    });
    new Gauge({
      name: 'boden_serve_runs',
      help: 'Open runs.',
      registers: [this.registry],
      collect() {
        this.set(runs.ids().length);
      },
    });
    new Gauge({
      name: 'boden_serve_run_nodes',
      help: 'Nodes of each open run: admitted and rejected by the gate, observed valid and invalid.',
      labelNames: ['run', 'state'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const id of runs.ids()) {
          const summary = runs.summary(id);
          this.set({ run: id, state: 'admitted' }, summary.admitted);
          this.set({ run: id, state: 'rejected' }, summary.rejected);
          this.set({ run: id, state: 'valid' }, summary.observed.valid);
          this.set({ run: id, state: 'invalid' }, summary.observed.invalid);
        }
      },
    });
  }

  /** Counts one answered request and its latency in seconds. */
  record(labels: RequestLabels, status: number, seconds: number): void {
    this.#requests.inc({ ...labels, status: String(status) });
    this.#duration.observe(labels, seconds);
  }

  /** The metrics in Prometheus text format, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
