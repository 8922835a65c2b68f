import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createServeApp } from '../../src/serve/create-serve-app.js';

// Every endpoint with a body, fed seeded faults: wrong types, missing and extra fields, huge strings, deep nesting,
// bytes that are not UTF-8, a body cut short, an unknown run, a closed run, a reused Idempotency-Key. Each must get a
// 4xx that says what is wrong (naming the field where there is one), never a 500 and never a stack trace, and the
// service must keep serving.

const made = await createServeApp({ bodyLimit: 1024 * 1024 });
afterAll(() => made.app.close());
const { app } = made;

const node = (id: string) => ({
  id,
  plan: 'Gradient boosting on raw features.',
  code: 'import lightgbm as lgb\nmodel = lgb.LGBMRegressor()',
  operator: 'draft',
  parents: [] as string[],
});
const validBodies = {
  '/runs': () => ({
    id: `r${Math.random().toString(36).slice(2)}`,
    metric: 'nearest-neighbour',
    bonus: { strength: 0.5, decay: 'children' },
    adaptive: { patience: 2 },
    gate: { threshold: 0.1 },
    judge: 'rubric',
    descriptors: { axes: ['paradigm'] },
    qd: { seed: 1 },
  }),
  '/runs/open/admit': () => node('a'),
  '/runs/open/observe': () => ({ node: node('a'), outcome: { valid: true, value: 0.5 } }),
  '/runs/open/select': () => ({
    candidates: [
      { id: 'a', value: 0.5, children: 1, visits: 2 },
      { id: 'b', value: null },
    ],
    valueRange: { min: 0, max: 1 },
  }),
} as const;
type Url = keyof typeof validBodies;
const urls = Object.keys(validBodies) as Url[];

await app.inject({ method: 'POST', url: '/runs', payload: { id: 'open' } });
await app.inject({ method: 'POST', url: '/runs', payload: { id: 'shut' } });
await app.inject({ method: 'DELETE', url: '/runs/shut' });

type Path = (string | number)[];
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}
function setAt(root: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  if (path.length === 0) return copy;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy;
}

/** Paths to the plain objects in a value, the root included: where an extra field can go. */
function objectPaths(value: unknown): Path[] {
  return pathsOf(value).filter((path) => {
    let at = value;
    for (const key of path) at = (at as Record<string | number, unknown>)[key];
    return at !== null && typeof at === 'object' && !Array.isArray(at);
  });
}

const wrongValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** A fault: what to send and its category (for the table). */
interface Fault {
  readonly category: string;
  readonly url: string;
  readonly payload: string | Buffer;
  readonly headers?: Record<string, string>;
}

const jsonFault = (category: string, url: string, body: unknown): Fault => ({ category, url, payload: JSON.stringify(body) });
const faults: fc.Arbitrary<Fault> = fc.constantFrom(...urls).chain((url) => {
  const body = validBodies[url]();
  const paths = pathsOf(body);
  const inner = paths.filter((path) => path.length > 0);
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...paths), wrongValue)
      .map(([path, value]) =>
        jsonFault('wrong type', url, path.length === 0 ? value : setAt(body, path, (parent, key) => (parent[key] = value))),
      ),
    fc.constantFrom(...inner).map((path) =>
      jsonFault(
        'missing field',
        url,
        setAt(body, path, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key])),
      ),
    ),
    fc
      .tuple(fc.constantFrom(...objectPaths(body)), fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }))
      .map(([path, key, value]) =>
        jsonFault(
          'extra field',
          url,
          path.length === 0
            ? { ...(body as object), [`extra_${key}`]: value }
            : setAt(body, path, (parent, last) => ((parent[last] as Record<string, unknown>)[`extra_${key}`] = value)),
        ),
      ),
    fc.tuple(fc.constantFrom(...inner), fc.integer({ min: 100_000, max: 2_000_000 })).map(([path, length]) =>
      jsonFault(
        'huge string',
        url,
        setAt(body, path, (parent, key) => (parent[key] = 'x'.repeat(length))),
      ),
    ),
    fc
      .tuple(
        fc.constantFrom(...inner),
        fc.integer({ min: 1_000, max: 100_000 }),
        fc.constantFrom('[', '{"a":', '{"__proto__":', '{"constructor":'),
      )
      .map(([path, depth, opener]) => {
        const closer = opener === '[' ? ']' : '}';
        const marker = '"__deep__"';
        const text = JSON.stringify(setAt(body, path, (parent, key) => (parent[key] = '__deep__')));
        return { category: 'deep nesting', url, payload: text.replace(marker, `${opener.repeat(depth)}1${closer.repeat(depth)}`) };
      }),
    fc
      .tuple(fc.integer({ min: 0, max: 200 }), fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]))
      .map(([at, bytes]) => {
        const text = Buffer.from(JSON.stringify(body));
        // Inside a string value: after the first quote at or past `at`.
        const quote = Math.max(0, text.indexOf(0x22, Math.min(at, text.length - 1)));
        return {
          category: 'invalid UTF-8',
          url,
          payload: Buffer.concat([text.subarray(0, quote + 1), Buffer.from(bytes), text.subarray(quote + 1)]),
        };
      }),
    fc.integer({ min: 0, max: 10_000 }).map((at) => {
      const text = JSON.stringify(body);
      return { category: 'body cut short', url, payload: text.slice(0, at % text.length) };
    }),
    fc
      .constantFrom('nope', 'shut')
      .map((run) =>
        jsonFault(
          run === 'nope' ? 'unknown run' : 'closed run',
          url === '/runs' ? '/runs/nope/admit' : url.replace('/runs/open/', `/runs/${run}/`),
          body,
        ),
      ),
    fc.jsonValue({ maxDepth: 3 }).map((value) => jsonFault('any JSON', url, value)),
    fc
      .string({ minLength: 1, maxLength: 6 })
      .map((id) => ({ ...jsonFault('reused key', '/runs/open/admit', node(`k-${id}`)), headers: { 'idempotency-key': 'fuzzed-key' } })),
  );
});

describe('boden serve under malformed bodies', () => {
  it('answers every fault with a 4xx that says what is wrong, never a 500 or a stack, and keeps serving', async () => {
    const table = new Map<string, { '2xx': number; '4xx': number; '5xx': number }>();
    await fc.assert(
      fc.asyncProperty(faults, async (fault) => {
        const response = await app.inject({
          method: 'POST',
          url: fault.url,
          payload: fault.payload,
          headers: { 'content-type': 'application/json', ...fault.headers },
        });
        const row = table.get(fault.category) ?? { '2xx': 0, '4xx': 0, '5xx': 0 };
        const status = response.statusCode;
        row[status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx'] += 1;
        table.set(fault.category, row);
        expect(status, `${fault.category} ${fault.url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (status >= 400) {
          const answer = response.json<{ error: string; field?: string }>();
          expect(answer.error.length).toBeGreaterThan(5);
          expect(answer.error).not.toMatch(/\n +at |internal error/);
        }
      }),
      { seed: 36, numRuns: 600 },
    );
    console.log(
      `serve body faults (seed 36, 600 runs):\n${[...table].map(([category, row]) => `  ${category.padEnd(16)} 2xx ${row['2xx']}  4xx ${row['4xx']}  5xx ${row['5xx']}`).join('\n')}`,
    );
    expect([...table.values()].reduce((sum, row) => sum + row['5xx'], 0)).toBe(0);
    expect(table.size).toBe(11);
    // A reused key is refused once it has been used for another node.
    expect(table.get('reused key')!['4xx']).toBeGreaterThan(0);
    // Still serving: a valid call goes through.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/runs/open/admit', payload: node('after') })).statusCode).toBe(200);
  }, 240_000);

  it('names the field a wrong type was sent in', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/runs/open/observe',
      payload: { node: node('x'), outcome: { valid: true, value: 'high' } },
    });
    expect(wrong.json()).toMatchObject({ field: 'outcome.value' });
    const badUtf8 = await app.inject({
      method: 'POST',
      url: '/runs/open/admit',
      payload: Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json<{ error: string }>().error).toContain('not valid UTF-8');
    const closed = await app.inject({ method: 'POST', url: '/runs/shut/admit', payload: node('y') });
    expect(closed.statusCode).toBe(410);
  });
});
