import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeadTailBuffer } from '../../../bench/sandbox/index.js';

describe('HeadTailBuffer', () => {
  it('keeps all of a stream within its limit, however it is chunked', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 25 }), { maxLength: 10 }), (chunks) => {
        const all = Buffer.concat(chunks);
        const buffer = new HeadTailBuffer(256);
        for (const chunk of chunks) buffer.write(chunk);
        expect(buffer.text()).toBe(all.toString('utf8'));
        expect(buffer.totalBytes).toBe(all.length);
      }),
    );
  });

  it('past its limit keeps exactly the first and the last half, however it is chunked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 64 }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '\n'), maxLength: 50 }), { maxLength: 20 }),
        (limit, chunks) => {
          const all = chunks.join('');
          const buffer = new HeadTailBuffer(limit);
          for (const chunk of chunks) buffer.write(Buffer.from(chunk));
          const head = Math.ceil(limit / 2);
          const tail = Math.floor(limit / 2);
          const expected =
            all.length <= limit
              ? all
              : `${all.slice(0, head)}\n[… ${all.length - limit} bytes cut: output is limited to ${limit} bytes …]\n${all.slice(all.length - tail)}`;
          expect(buffer.text()).toBe(expected);
        },
      ),
    );
  });
});
