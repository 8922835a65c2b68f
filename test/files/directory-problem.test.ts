import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileWriteError } from '../../src/errors/file-write-error.js';
import { directoryProblem, fileWriteFailure, parentDirectoryProblem } from '../../src/files/directory-problem.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-directory-problem-');
const file = join(directory, 'a-file');
writeFileSync(file, 'kept');
mkdirSync(join(directory, 'folder'));

describe('directoryProblem', () => {
  it('is undefined for a directory', async () => {
    expect(await directoryProblem(join(directory, 'folder'))).toBeUndefined();
    expect(await parentDirectoryProblem(join(directory, 'folder', 'report.html'))).toBeUndefined();
  });

  it('says a file is a file, not a directory, whether it is the directory itself or a folder on its path', async () => {
    expect(await directoryProblem(file)).toBe(`${file} is a file, not a directory`);
    expect(await parentDirectoryProblem(join(file, 'report.html'))).toBe(`${file} is a file, not a directory`);
    expect(await parentDirectoryProblem(join(file, 'deeper', 'report.html'))).toBe(`${file} is a file, not a directory`);
  });

  it('says no such directory for a missing one, however deep', async () => {
    expect(await parentDirectoryProblem(join(directory, 'missing', 'report.html'))).toBe(`no such directory ${join(directory, 'missing')}`);
    expect(await directoryProblem(join(directory, 'missing', 'deeper'))).toBe(`no such directory ${join(directory, 'missing', 'deeper')}`);
  });
});

describe('fileWriteFailure', () => {
  it('names the file on the path of an ENOTDIR, which the system error does not', async () => {
    const path = join(file, 'out.json');
    const enotdir = Object.assign(new Error('ENOTDIR: not a directory'), { code: 'ENOTDIR' });
    const failure = await fileWriteFailure(enotdir, path, join(file));
    expect(FileWriteError.isInstance(failure)).toBe(true);
    expect((failure as FileWriteError).message).toBe(`cannot write ${path}: ${file} is a file, not a directory (ENOTDIR)`);
    expect((failure as FileWriteError).code).toBe('ENOTDIR');
  });

  it('leaves other failures as FileWriteError.from makes them', async () => {
    const eacces = Object.assign(new Error('EACCES'), { code: 'EACCES' });
    expect(((await fileWriteFailure(eacces, file, directory)) as FileWriteError).message).toBe(
      `cannot write ${file}: permission denied (EACCES)`,
    );
    const plain = new TypeError('not a file-system error');
    expect(await fileWriteFailure(plain, file, directory)).toBe(plain);
  });
});
