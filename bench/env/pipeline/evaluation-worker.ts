/**
 * Entry point of an evaluation worker thread (started by `EvaluationPool` with tsx's loader, so it runs from
 * TypeScript sources under vitest and under `node --import tsx` alike).
 */
import { serveEvaluations } from './serve-evaluations.js';

serveEvaluations();
