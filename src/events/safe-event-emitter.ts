import { EventEmitter } from 'eventemitter3';
import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';

/** An event map: event name → the payload tuple its listeners receive. */
export type EventMap = { [event: string]: unknown[] };

/** What a `SafeEventEmitter` reports when a listener throws. */
export interface ListenerErrorEvent {
  readonly event: string;
  readonly error: unknown;
}

/** Options of `new SafeEventEmitter()`: checked once here, so a bad `onListenerError` fails now, not at the first listener error. */
const SafeEventEmitterOptionsSchema = z.strictObject({
  onListenerError: z
    .custom<(report: ListenerErrorEvent) => void>((value) => typeof value === 'function', 'expected a function (report) => void')
    .optional(),
});

type Listener<Map extends EventMap, Event extends keyof Map> = (...args: Map[Event]) => void;

/**
 * A typed event emitter (eventemitter3 underneath) whose listeners cannot break the caller: a listener that
 * throws is reported to `onListenerError` and the remaining listeners still run. Scoring and selection emit
 * through it, so a faulty logger never stops a search.
 */
export class SafeEventEmitter<Map extends EventMap> {
  readonly #inner = new EventEmitter();
  readonly #wrapped = new WeakMap<object, (...args: unknown[]) => void>();
  readonly #onListenerError: (report: ListenerErrorEvent) => void;

  /** `onListenerError` receives every listener failure; by default they are dropped silently. */
  constructor(options: { onListenerError?: (report: ListenerErrorEvent) => void } = {}) {
    this.#onListenerError = parseOptions(SafeEventEmitterOptionsSchema, options, 'SafeEventEmitter').onListenerError ?? (() => {});
  }

  /** Adds a listener for `event`. */
  on<Event extends keyof Map & string>(event: Event, listener: Listener<Map, Event>): this {
    this.#inner.on(event, this.#wrap(event, listener));
    return this;
  }

  /** Adds a listener that runs at most once. */
  once<Event extends keyof Map & string>(event: Event, listener: Listener<Map, Event>): this {
    this.#inner.once(event, this.#wrap(event, listener));
    return this;
  }

  /** Removes a listener added with `on` or `once`. */
  off<Event extends keyof Map & string>(event: Event, listener: Listener<Map, Event>): this {
    const wrapped = this.#wrapped.get(listener);
    if (wrapped !== undefined) this.#inner.off(event, wrapped);
    return this;
  }

  /** Calls every listener of `event` with `args`; returns whether there were any. */
  emit<Event extends keyof Map & string>(event: Event, ...args: Map[Event]): boolean {
    return this.#inner.emit(event, ...args);
  }

  /** How many listeners `event` has. */
  listenerCount(event: keyof Map & string): number {
    return this.#inner.listenerCount(event);
  }

  #wrap<Event extends keyof Map & string>(event: Event, listener: Listener<Map, Event>): (...args: unknown[]) => void {
    const existing = this.#wrapped.get(listener);
    if (existing !== undefined) return existing;
    const wrapped = (...args: unknown[]): void => {
      try {
        listener(...(args as Map[Event]));
      } catch (error) {
        try {
          this.#onListenerError({ event, error });
        } catch {
          // The error reporter itself failed: nothing is left to tell, and the caller must go on.
        }
      }
    };
    this.#wrapped.set(listener, wrapped);
    return wrapped;
  }
}
