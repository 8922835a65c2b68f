import { describe, expect, it } from 'vitest';
import { InvalidOptionsError, SafeEventEmitter, type ListenerErrorEvent } from '../../src/index.js';

type Events = { ping: [number] };

describe('SafeEventEmitter', () => {
  it('reports a throwing listener to onListenerError and still runs the others', () => {
    const reports: ListenerErrorEvent[] = [];
    const events = new SafeEventEmitter<Events>({ onListenerError: (report) => reports.push(report) });
    const heard: number[] = [];
    events.on('ping', () => {
      throw new Error('faulty logger');
    });
    events.on('ping', (value) => heard.push(value));
    events.emit('ping', 1);
    expect(heard).toEqual([1]);
    expect(reports.map((report) => [report.event, (report.error as Error).message])).toEqual([['ping', 'faulty logger']]);
  });

  it('checks its options when made: a handler that is not a function is named now, not a TypeError inside the first emit', () => {
    // Before: null was a TypeError at construction, and a number stood until a listener threw, then broke the emit.
    for (const options of [null, { onListenerError: 5 }, { onListenerError: 'log' }, { onError: () => undefined }, 42]) {
      const call = () => new SafeEventEmitter<Events>(options as never);
      if (options === null) {
        expect(call).not.toThrow();
        continue;
      }
      expect(call).toThrow(InvalidOptionsError);
      expect(call).toThrow(/invalid options for SafeEventEmitter: /);
    }
    expect(() => new SafeEventEmitter<Events>({ onListenerError: 5 as never })).toThrow(
      'onListenerError: expected a function (report) => void',
    );
  });
});
