import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small tmpfs mounted for a test: fills up, can be made read-only and writable again. */
export interface SmallFileSystem {
  readonly path: string;
  readOnly(): void;
  writable(): void;
  unmount(): void;
}

/**
 * Mounts a tmpfs of `kilobytes` at a fresh temporary directory, for disk-full and read-only faults. Needs root (as
 * on CI, where `.ci/run` runs as root) and a kernel that lets the test mount; otherwise the reason to skip.
 */
export function mountSmallFileSystem(kilobytes: number): SmallFileSystem | { readonly skip: string } {
  if (process.getuid?.() !== 0) return { skip: 'mounting a small tmpfs needs root' };
  const path = mkdtempSync(join(tmpdir(), 'boden-small-fs-'));
  const run = (...args: string[]) => {
    const result = spawnSync('mount', args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`mount ${args.join(' ')}: ${result.stderr || result.error?.message}`);
  };
  try {
    run('-t', 'tmpfs', '-o', `size=${kilobytes}k`, 'tmpfs', path);
  } catch (error) {
    rmSync(path, { recursive: true, force: true });
    return { skip: `cannot mount a tmpfs here (${(error as Error).message.trim()})` };
  }
  return {
    path,
    readOnly: () => run('-o', 'remount,ro', path),
    writable: () => run('-o', 'remount,rw', path),
    unmount: () => {
      spawnSync('umount', ['-l', path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
