import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportWriteError } from '../../src/errors/report-write-error.js';
import { writeReportFile, type ReportTextWriter } from '../../src/report/write-report.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

const directory = useTemporaryDirectory('boden-report-');

describe('writeReportFile', () => {
  it('writes the report, then replaces it, leaving no temporary file behind', async () => {
    const path = join(directory, 'first.html');
    await writeReportFile(path, '<p>one</p>');
    expect(readFileSync(path, 'utf8')).toBe('<p>one</p>');
    await writeReportFile(path, '<p>two ü</p>');
    expect(readFileSync(path, 'utf8')).toBe('<p>two ü</p>');
    expect(readdirSync(directory).filter((name) => name.includes('first'))).toEqual(['first.html']);
  });

  it('leaves the previous report intact when the writer fails half-way', async () => {
    const path = join(directory, 'kept.html');
    writeFileSync(path, '<p>previous report</p>');
    const written: string[] = [];
    // A writer that gets half the text onto disk and then fails, like a full disk.
    const failingWriter: ReportTextWriter = async (temporaryPath, html) => {
      written.push(temporaryPath);
      await writeFile(temporaryPath, html.slice(0, html.length / 2));
      throw new Error('ENOSPC: no space left on device');
    };
    const error = await writeReportFile(path, '<p>a new report that never lands</p>', { writer: failingWriter }).catch(
      (caught: unknown) => caught,
    );
    expect(ReportWriteError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ path, reason: 'ENOSPC: no space left on device' });
    expect((error as Error).message).toBe(`cannot write report ${path}: ENOSPC: no space left on device`);
    expect(readFileSync(path, 'utf8')).toBe('<p>previous report</p>');
    // The writer was handed a temporary file in the same directory, and it is gone.
    expect(written).toHaveLength(1);
    expect(written[0]!.startsWith(join(directory, '.kept.html.'))).toBe(true);
    expect(readdirSync(directory).filter((name) => name.includes('kept'))).toEqual(['kept.html']);
  });

  it('names the path when the directory does not exist', async () => {
    const path = join(directory, 'missing', 'report.html');
    await expect(writeReportFile(path, 'x')).rejects.toSatisfy(
      (error: unknown) => ReportWriteError.isInstance(error) && error.path === path && /ENOENT/.test(error.reason),
    );
  });
});
