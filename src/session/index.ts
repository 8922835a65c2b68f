export { ShapingSession } from './shaping-session.js';
export { ShapingSessionPartsSchema, type ShapingSessionParts } from './shaping-session-parts.js';
export { shapingMiddleware, type ShapingMiddleware } from './shaping-middleware.js';
export { ShapingMiddlewareOptionsSchema, type ShapingMiddlewareOptions } from './shaping-middleware-options.js';
export {
  ShapingSessionSpecSchema,
  SessionNodeSchema,
  SessionOutcomeSchema,
  SessionObservationSchema,
  SessionSelectionRequestSchema,
  DirectionSchema,
  ObjectiveSchema,
  type ShapingSessionSpec,
  type ShapingSessionSpecInput,
  type SessionNode,
  type SessionOutcome,
  type SessionObservation,
  type Direction,
} from './shaping-session-spec.js';
export {
  SessionAdmissionSchema,
  SessionSelectionSchema,
  SessionSummarySchema,
  type SessionAdmission,
  type SessionSelection,
  type SessionSummary,
} from './session-responses.js';
export { sessionTrajectory, type SessionTrajectoryNode, type SessionObjective } from './session-trajectory.js';
export { CallRefusedError } from './call-refused-error.js';
