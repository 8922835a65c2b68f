import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodenError } from '../../../src/errors/boden-error.js';
import { findPython, PythonNotFoundError } from '../../../bench/sandbox/index.js';

let folder: string;

/** A fake interpreter: a shell script that answers the probe with `missing`, and counts how often it was asked. */
async function fakePython(name: string, missing: string[]): Promise<string> {
  const path = join(folder, name);
  const answer = JSON.stringify({ executable: path, missing });
  await writeFile(path, `#!/bin/sh\necho asked >> "${path}.asked"\necho '${answer}'\n`);
  await chmod(path, 0o755);
  return path;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'boden-find-python-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('findPython', () => {
  it('an interpreter that lacks packages is a PythonNotFoundError naming it, them and the fix', async () => {
    const python = await fakePython('lacking-python3', ['scipy', 'sklearn']);
    const error = await findPython({ python }).catch((caught: unknown) => caught);
    expect(PythonNotFoundError.isInstance(error)).toBe(true);
    expect(BodenError.isInstance(error)).toBe(true);
    const notFound = error as PythonNotFoundError;
    expect(notFound.missing).toEqual(['scipy', 'sklearn']);
    expect(notFound.tried).toEqual([{ python, missing: ['scipy', 'sklearn'] }]);
    expect(notFound.message).toBe(
      `no python3 imports scipy, sklearn: tried ${python} (missing scipy, sklearn); install python3-scipy python3-sklearn or pass --python`,
    );
  });

  it('an interpreter that is not there is named as such', async () => {
    const python = join(folder, 'no-such-python3');
    const error = await findPython({ python, packages: ['numpy'] }).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      `no python3 imports numpy: tried ${python} (no such file); install python3-numpy or pass --python`,
    );
  });

  it('searches PATH in order, names every interpreter tried, and caches what it found per process', async () => {
    const first = join(folder, 'first');
    const second = join(folder, 'second');
    await mkdir(first);
    await mkdir(second);
    await fakePython('first/python3', ['numpy']);
    const complete = await fakePython('second/python3', []);
    const path = `${join(folder, 'empty')}:${first}:${second}`;
    expect(await findPython({ path, packages: ['numpy'] })).toBe(complete);
    expect(await findPython({ path, packages: ['numpy'] })).toBe(complete);
    expect((await readFile(`${complete}.asked`, 'utf8')).split('\n').filter(Boolean)).toHaveLength(1);
  });
});
