import { parentPort } from 'node:worker_threads';
import { evaluatePipeline } from './evaluate-pipeline.js';
import type { EvaluateMessage, EvaluationRequest, WorkerMessage } from '../evaluation-request.js';
import type { EvaluationResult } from '../evaluation-result.js';
import { loadWasmLibraries } from '../models/wasm-libraries.js';
import { PipelineError } from '../pipeline-error.js';
import { WorkBudgetError } from '../work-budget-error.js';

/** Evaluates one request inside a worker; may throw (the error becomes a buggy result). */
export type EvaluationHandler = (request: EvaluationRequest) => Promise<EvaluationResult>;

const outputLimit = 4096;
let captured = '';

/**
 * Runs the evaluation loop of a worker thread: loads the WASM libraries, says `ready`, then answers each
 * `evaluate` message with a result. Everything the libraries print (libsvm progress, XGBoost's logs, emscripten's
 * warnings) is captured instead of reaching the host's terminal, and its tail is attached to a buggy result, the
 * way a traceback reaches a real agent. A thrown `PipelineError` leaves the worker healthy; anything else (a WASM
 * exception) asks the pool to replace it.
 */
export function serveEvaluations(
  handler: EvaluationHandler = (request) =>
    evaluatePipeline(request.task, request.config, { workBudgetSeconds: request.workBudgetSeconds }),
): void {
  const port = parentPort;
  if (!port) throw new Error('serveEvaluations must run in a worker thread');
  captureOutput();
  void loadWasmLibraries().then(() => port.postMessage({ type: 'ready' } satisfies WorkerMessage));
  port.on('message', (message: EvaluateMessage) => {
    captured = '';
    const started = performance.now();
    void handler(message.request).then(
      (result) => port.postMessage({ type: 'result', id: message.id, result, recycle: false } satisfies WorkerMessage),
      (error: unknown) => {
        const milliseconds = performance.now() - started;
        const result: EvaluationResult = WorkBudgetError.isInstance(error)
          ? { status: 'buggy', error: error.message, cause: 'budget', estimatedSeconds: error.estimatedSeconds, milliseconds }
          : { status: 'buggy', error: describeError(error, captured), cause: 'error', milliseconds };
        const healthy = PipelineError.isInstance(error) || WorkBudgetError.isInstance(error);
        port.postMessage({ type: 'result', id: message.id, result, recycle: !healthy } satisfies WorkerMessage);
      },
    );
  });
}

function captureOutput(): void {
  const capture = (chunk: unknown): boolean => {
    captured = (captured + String(chunk)).slice(-outputLimit);
    return true;
  };
  process.stdout.write = capture as typeof process.stdout.write;
  process.stderr.write = capture as typeof process.stderr.write;
}

/** The message a developer would read: the error, then the last lines the libraries printed while it happened. */
export function describeError(error: unknown, output = ''): string {
  const headline =
    error instanceof Error
      ? PipelineError.isInstance(error)
        ? error.message
        : `${error.name}: ${error.message}`
      : `native exception (${typeof error} ${String(error)}) thrown by a WASM library`;
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.includes('Tree method is selected'))
    .slice(-5);
  return lines.length === 0 ? headline : `${headline}\n${lines.join('\n')}`;
}
