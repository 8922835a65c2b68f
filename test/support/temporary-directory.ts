import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh temporary directory for the calling test file, removed after its tests. */
export function useTemporaryDirectory(prefix = 'boden-test-'): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
