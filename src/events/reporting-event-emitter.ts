import { SafeEventEmitter, type EventMap, type ListenerErrorEvent } from './safe-event-emitter.js';

/**
 * A `SafeEventEmitter` that reports a listener's failure as its own `listener-error` event (a failing
 * `listener-error` listener is dropped, so a report never loops): what the scorer, the judges and shaping emit on.
 */
export function reportingEventEmitter<Map extends EventMap & { 'listener-error': [ListenerErrorEvent] }>(): SafeEventEmitter<Map> {
  const events: SafeEventEmitter<Map> = new SafeEventEmitter<Map>({
    onListenerError: ({ event, error }) => {
      if (event !== 'listener-error') events.emit('listener-error', ...([{ event, error }] as Map['listener-error']));
    },
  });
  return events;
}
