import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServeApp } from '../../src/serve/create-serve-app.js';
import { ServedRuns } from '../../src/serve/served-runs.js';
import { mountSmallFileSystem, type SmallFileSystem } from '../support/small-file-system.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-serve-faults-');

const apps: { close(): Promise<unknown> }[] = [];
const mounts: SmallFileSystem[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close().catch(() => {})));
  for (const mount of mounts) mount.unmount();
});

/** A node with about `size` bytes of code, different for every index (so no two scores are equal by accident). */
const node = (index: number, size = 200) => {
  const lines = [`import numpy as np`, `# node ${index}`];
  for (let line = 0; lines.join('\n').length < size; line += 1)
    lines.push(`x_${index}_${line} = np.linspace(0, ${index + line}, ${((line * 7 + index) % 97) + 3})`);
  return {
    id: `n${index}`,
    plan: `Idea ${index}: ${['rings', 'a grid', 'a lattice', 'an optimiser'][index % 4]}.`,
    code: lines.join('\n'),
  };
};

async function served(dataDirectory: string | null) {
  const made = await createServeApp({ dataDirectory });
  apps.push(made.app);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await made.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  return { ...made, call };
}

/** A small tmpfs, or the reason the test must skip (printed once). */
function smallFileSystem(kilobytes: number): SmallFileSystem | undefined {
  const mounted = mountSmallFileSystem(kilobytes);
  if ('skip' in mounted) {
    console.warn(`skipping a disk-full / read-only test of boden serve: ${mounted.skip}`);
    return undefined;
  }
  mounts.push(mounted);
  return mounted;
}

/** Fills the file system holding `path` with `filler` until it is full. */
function fill(filler: string): void {
  const chunk = Buffer.alloc(4096, 1);
  for (;;) {
    try {
      appendFileSync(filler, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return;
      throw error;
    }
  }
}

const probe = mountSmallFileSystem(64);
const canMount = !('skip' in probe);
if ('skip' in probe) console.warn(`skipping the disk-full and read-only tests of boden serve: ${probe.skip}`);
else probe.unmount();

describe('boden serve loses no acknowledged call to a storage fault', () => {
  it.skipIf(!canMount)(
    'a full disk answers 507 and applies nothing; after space is freed a retry applies once, and the log replays cleanly',
    async () => {
      const disk = smallFileSystem(512)!;
      const data = join(disk.path, 'data');
      const { app, call } = await served(data);
      expect((await call('POST', '/runs', { id: 'full', bonus: {}, adaptive: { patience: 2 } })).status).toBe(201);
      const filler = join(disk.path, 'filler');
      fill(filler);
      // Room for a few records of 8 KB: the last one is cut part-way through its write.
      truncateSync(filler, statSync(filler).size - 40 * 1024);
      const acknowledged: number[] = [];
      const refused: number[] = [];
      for (let index = 0; index < 30; index += 1) {
        const answer = await call('POST', '/runs/full/admit', node(index, 8_000), { 'idempotency-key': `admit-${index}` });
        if (answer.status === 200) {
          acknowledged.push(index);
          continue;
        }
        expect(answer.status).toBe(507);
        expect(answer.body.error).toMatch(/no space left on the device \(ENOSPC\); the call was not applied/);
        refused.push(index);
      }
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      // Nothing refused was applied.
      expect((await call('GET', '/runs/full')).body).toMatchObject({ admitted: acknowledged.length });
      const degraded = await call('GET', '/health');
      expect(degraded).toMatchObject({ status: 503, body: { status: 'degraded', storage: expect.stringContaining('ENOSPC') } });

      rmSync(filler);
      for (const index of refused)
        expect((await call('POST', '/runs/full/admit', node(index, 8_000), { 'idempotency-key': `admit-${index}` })).status).toBe(200);
      // Retried again: answered, not applied again.
      const again = await call('POST', '/runs/full/admit', node(refused[0]!, 8_000), { 'idempotency-key': `admit-${refused[0]}` });
      expect(again.status).toBe(200);
      await call('POST', '/runs/full/observe', { node: node(0, 8_000), outcome: { valid: true, value: 0.5 } });
      const live = (await call('GET', '/runs/full')).body;
      expect(live).toMatchObject({ admitted: 30, observed: { valid: 1 } });
      expect((await call('GET', '/health')).body).toMatchObject({ status: 'ok', storage: null });
      await app.close();

      const restarted = await served(data);
      expect((await restarted.call('GET', '/health')).body).toMatchObject({ status: 'ok', tornTails: [], recoveries: [] });
      expect((await restarted.call('GET', '/runs/full')).body).toEqual(live);
      // The same calls, in the order they were acknowledged, on a run that never met a full disk.
      const control = await ServedRuns.open(null);
      await control.create({ id: 'full', bonus: {}, adaptive: { patience: 2 } });
      for (const index of [...acknowledged, ...refused]) await control.admit('full', node(index, 8_000));
      await control.observe('full', { node: node(0, 8_000), outcome: { valid: true, value: 0.5 } });
      expect(live).toEqual(JSON.parse(JSON.stringify(control.summary('full'))));
      expect((await restarted.call('POST', '/runs/full/admit', node(40))).body).toEqual(
        JSON.parse(JSON.stringify(await control.admit('full', node(40)))),
      );
    },
    60_000,
  );

  it.skipIf(!canMount)(
    'a data directory made read-only answers 503 to a new run, /health says degraded; read-only at start is refused',
    async () => {
      // Linux refuses to remount a file system read-only while a file on it is open for writing (EBUSY), so an open
      // run's log can only meet EROFS or EIO from a failing device; that write fails like a full disk's (above).
      const disk = smallFileSystem(1024)!;
      const data = join(disk.path, 'data');
      const { app, call } = await served(data);
      disk.readOnly();
      expect(await call('POST', '/runs', { id: 'frozen' })).toMatchObject({
        status: 503,
        body: { error: expect.stringMatching(/read-only \(EROFS\); the call was not applied/) },
      });
      expect((await call('GET', '/runs/frozen')).status).toBe(404);
      expect((await call('GET', '/health')).body).toMatchObject({ status: 'degraded', storage: expect.stringContaining('EROFS') });
      disk.writable();
      expect((await call('POST', '/runs', { id: 'frozen' })).status).toBe(201);
      expect((await call('POST', '/runs/frozen/admit', node(0))).status).toBe(200);
      expect((await call('GET', '/health')).status).toBe(200);
      const live = (await call('GET', '/runs/frozen')).body;
      await app.close();
      // Read-only at start: refused before listening, naming the directory.
      disk.readOnly();
      await expect(createServeApp({ dataDirectory: data })).rejects.toThrow(
        `data directory ${data} cannot hold run logs: the file system is read-only (EROFS)`,
      );
      disk.writable();
      const restarted = await served(data);
      expect((await restarted.call('GET', '/runs/frozen')).body).toEqual(live);
      expect(readdirSync(data).sort()).toEqual(['frozen.jsonl']);
    },
    60_000,
  );

  it('a removed data directory answers 503 to every write and /health says degraded; nothing is acknowledged into the void', async () => {
    const data = join(directory, 'removed');
    const { call } = await served(data);
    await call('POST', '/runs', { id: 'gone' });
    expect((await call('POST', '/runs/gone/admit', node(0))).status).toBe(200);
    rmSync(data, { recursive: true, force: true });
    const refused = await call('POST', '/runs/gone/admit', node(1));
    expect(refused).toMatchObject({ status: 503, body: { error: expect.stringMatching(/removed.*not applied/) } });
    expect((await call('POST', '/runs/gone/select', { candidates: [{ id: 'n0', value: 1 }] })).status).toBe(503);
    expect((await call('POST', '/runs', { id: 'new-one' })).status).toBe(503);
    expect((await call('GET', '/runs/gone')).body).toMatchObject({ admitted: 1 });
    expect(await call('GET', '/health')).toMatchObject({
      status: 503,
      body: { status: 'degraded', storage: expect.stringContaining('was removed') },
    });
    // A new, empty directory at the same path is not the one that held the logs.
    mkdirSync(data);
    expect((await call('POST', '/runs/gone/admit', node(1))).status).toBe(503);
    expect((await call('GET', '/health')).status).toBe(503);
  });

  it('a reused Idempotency-Key with a different body is refused with 422 naming the header, and applies nothing', async () => {
    const data = join(directory, 'reused-key');
    const { app, call } = await served(data);
    await call('POST', '/runs', { id: 'keys' });
    const headers = { 'idempotency-key': 'k-1' };
    const first = await call('POST', '/runs/keys/admit', node(0), headers);
    expect(first.status).toBe(200);
    const other = await call('POST', '/runs/keys/admit', node(1), headers);
    expect(other).toMatchObject({
      status: 422,
      body: { field: 'Idempotency-Key', error: expect.stringContaining('"k-1" was first used for a different admit call') },
    });
    expect(await call('POST', '/runs/keys/admit', node(0), headers)).toEqual(first);
    expect((await call('GET', '/runs/keys')).body).toMatchObject({ admitted: 1 });
    await app.close();
    // The same after a restart, from the log.
    const restarted = await served(data);
    expect((await restarted.call('POST', '/runs/keys/admit', node(1), headers)).status).toBe(422);
    expect(await restarted.call('POST', '/runs/keys/admit', node(0), headers)).toEqual(first);
    expect((await restarted.call('GET', '/runs/keys')).body).toMatchObject({ admitted: 1 });
  });
});

describe('boden serve starts on a data directory with damaged or foreign logs', () => {
  it('cuts damaged lines out (kept aside, reported), recovers a record glued to a cut one, sets foreign files aside, and starts', async () => {
    const data = join(directory, 'damaged');
    const runs = await ServedRuns.open(data);
    const spec = { id: 'kept', bonus: {}, adaptive: { patience: 2 } };
    await runs.create(spec);
    for (let index = 0; index < 4; index += 1) {
      await runs.admit('kept', node(index));
      await runs.observe('kept', { node: node(index), outcome: { valid: index !== 2, value: index / 4 } });
    }
    const before = JSON.parse(JSON.stringify(runs.summary('kept'))) as unknown;
    const exported = await runs.exportJsonLines('kept');
    await runs.shutdown();

    const log = join(data, 'kept.jsonl');
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    // Line 4 of the new file: garbage; line 7: a cut record with the next whole record glued to it (what versions
    // before the write-ahead log left after a full disk).
    lines.splice(3, 0, 'garbage {{ not json');
    lines[6] = `{"type":"admit","node":{"id":"half","pl${lines[6]}`;
    writeFileSync(log, `${lines.join('\n')}\n`);
    writeFileSync(join(data, 'foreign.jsonl'), 'hello, world\n');
    writeFileSync(join(data, 'orphan.jsonl'), `${JSON.stringify({ type: 'admit', node: node(9) })}\n`);
    writeFileSync(
      join(data, 'refused.jsonl'),
      `${JSON.stringify({ type: 'create', spec: { id: 'refused', metric: 'no-such-metric' } })}\n`,
    );
    writeFileSync(join(data, 'empty.jsonl'), '');
    mkdirSync(join(data, 'folder.jsonl'));

    const { call } = await served(data);
    const health = await call('GET', '/health');
    expect(health.status).toBe(200);
    const recoveries = health.body.recoveries as {
      file: string;
      runId: string | null;
      action: string;
      lines: number[];
      keptAt: string | null;
      reason: string;
    }[];
    const byFile = Object.fromEntries(recoveries.map((recovery) => [recovery.file, recovery]));
    expect(Object.keys(byFile).sort()).toEqual([
      'empty.jsonl',
      'folder.jsonl',
      'foreign.jsonl',
      'kept.jsonl',
      'orphan.jsonl',
      'refused.jsonl',
    ]);
    expect(byFile['kept.jsonl']).toMatchObject({ runId: 'kept', action: 'cut', lines: [4, 7], keptAt: `${log}.damaged` });
    expect(byFile['foreign.jsonl']).toMatchObject({ action: 'set-aside', keptAt: join(data, 'foreign.jsonl.unreadable') });
    expect(byFile['orphan.jsonl']).toMatchObject({ action: 'set-aside', reason: 'no readable create record' });
    expect(byFile['refused.jsonl']).toMatchObject({ action: 'set-aside', reason: expect.stringContaining('no-such-metric') });
    expect(byFile['empty.jsonl']).toMatchObject({ action: 'set-aside', reason: expect.stringContaining('empty log') });
    expect(byFile['folder.jsonl']).toMatchObject({ action: 'unreadable', keptAt: null });
    // Every acknowledged call survived, the glued one too; the damaged text is kept, not thrown away.
    expect((await call('GET', '/runs/kept')).body).toEqual(before);
    expect((await call('GET', '/runs')).body.runs).toHaveLength(1);
    const damaged = readFileSync(`${log}.damaged`, 'utf8');
    expect(damaged).toContain('line 4 (not JSON): garbage {{ not json');
    expect(damaged).toContain('line 7 (not JSON): {"type":"admit","node":{"id":"half","pl\n');
    expect(existsSync(join(data, 'foreign.jsonl.unreadable'))).toBe(true);
    // The log was rewritten whole: the next start finds nothing to recover, and the run goes on.
    expect((await call('POST', '/runs/kept/admit', node(5))).status).toBe(200);
    const again = await served(data);
    expect(((await again.call('GET', '/health')).body.recoveries as { file: string }[]).map((recovery) => recovery.file)).toEqual([
      'folder.jsonl',
    ]);
    expect((await again.call('GET', '/runs/kept')).body).toMatchObject({ admitted: 5 });
    const exportedAgain = (await again.app.inject({ method: 'GET', url: '/runs/kept/export' })).body;
    expect(exportedAgain.split('\n').filter((line) => line.includes('"n0"')).length).toBe(
      exported.split('\n').filter((line) => line.includes('"n0"')).length,
    );
  });

  it('recognises a run whose close was logged but whose log was never renamed as closed', async () => {
    const data = join(directory, 'half-closed');
    const runs = await ServedRuns.open(data);
    await runs.create({ id: 'done' });
    await runs.admit('done', node(0));
    await runs.shutdown();
    appendFileSync(join(data, 'done.jsonl'), `${JSON.stringify({ type: 'close' })}\n`);
    const { call } = await served(data);
    expect((await call('GET', '/runs/done')).status).toBe(410);
    expect(readdirSync(data).sort()).toEqual(['done.closed.jsonl']);
  });
});
