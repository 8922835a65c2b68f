import { writeFile } from 'node:fs/promises';
import { ReportWriteError } from '../errors/report-write-error.js';
import { writeFileAtomic } from '../files/write-file-atomic.js';

/** Writes a report's text to a temporary path; injectable so a test can make the write fail half-way. */
export type ReportTextWriter = (temporaryPath: string, html: string) => Promise<void>;

/** Options of `writeReportFile`. */
export interface WriteReportFileOptions {
  /** Writes the text to the temporary file; default `fs.writeFile` (exclusive create). */
  readonly writer?: ReportTextWriter;
}

const defaultWriter: ReportTextWriter = (temporaryPath, html) => writeFile(temporaryPath, html, { encoding: 'utf8', flag: 'wx' });

/**
 * Writes a report to `path` atomically (`writeFileAtomic`: a temporary file in the same directory, fsynced, then
 * renamed over `path`), so a reader never sees half a report and a failed write leaves the previous report
 * intact. Throws a `ReportWriteError` naming the path.
 */
export async function writeReportFile(path: string, html: string, options: WriteReportFileOptions = {}): Promise<void> {
  const writer = options.writer ?? defaultWriter;
  try {
    await writeFileAtomic(path, (temporaryPath) => writer(temporaryPath, html));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ReportWriteError({ path, reason, cause: error });
  }
}
