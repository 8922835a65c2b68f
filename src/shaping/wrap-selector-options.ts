import { z } from 'zod';
import type { SafeEventEmitter } from '../events/safe-event-emitter.js';
import { functionSchema, hasMethods, NoveltySourceSchema } from './collaborator-schemas.js';
import type { NoveltySource } from './novelty-source.js';
import type { Selector } from './selector.js';
import type { ShapingEvents } from './shaping-events.js';
import type { SelectorMiddleware } from './selector-middleware.js';

const MiddlewareSchema = z.custom<SelectorMiddleware>(
  (value) => value !== null && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string',
  'expected a SelectorMiddleware (an object with a name and optional hooks)',
);

/** Options of `wrapSelector`. */
export const WrapSelectorOptionsSchema = z
  .object({
    /** The host's own selection function. */
    selector: functionSchema<Selector<unknown, unknown>>('a Selector'),
    /** One middleware or several; the first transforms the request first, the last wraps the selector directly. */
    middleware: z
      .union([MiddlewareSchema, z.array(MiddlewareSchema)], {
        error: 'expected a SelectorMiddleware (an object with a name and optional hooks) or a list of them',
      })
      .default([]),
    /** Sources the wrapper tells besides those its middleware read (a session's own metric sources). */
    sources: z.array(NoveltySourceSchema).default([]),
    /** The stream to emit on, shared by several wrappers of one run (a session's); default a new one. */
    events: z
      .custom<SafeEventEmitter<ShapingEvents>>(hasMethods('on', 'emit'), 'expected a SafeEventEmitter<ShapingEvents> (on() and emit())')
      .optional(),
  })
  .strict();

/** Options of `wrapSelector` as callers write them, typed by the host's node and context. */
export interface WrapSelectorOptions<Node, Context = undefined> {
  readonly selector: Selector<Node, Context>;
  readonly middleware?: SelectorMiddleware | readonly SelectorMiddleware[];
  readonly sources?: readonly NoveltySource[];
  readonly events?: SafeEventEmitter<ShapingEvents>;
}
