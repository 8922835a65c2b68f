import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SandboxStartError } from './sandbox-start-error.js';

/** How programs are kept apart from the machine, as resolved from the `isolation` option. */
export interface SandboxIsolation {
  /**
   * `bubblewrap`: read-only system, only the work directory writable, no network, own process namespace;
   * `network-namespace`: only the network is cut (root without bubblewrap); `none`: nothing beyond the limits.
   */
  readonly kind: 'bubblewrap' | 'network-namespace' | 'none';
  /** The command that wraps the launcher of a program whose directory is `workDirectory`. */
  prefix(workDirectory: string): string[];
  /** True when a program cannot reach the network (neither other hosts nor the machine's own 127.0.0.1). */
  readonly networkCut: boolean;
  /** True when writes outside the program's directory fail (read-only file system). */
  readonly writesConfined: boolean;
  /** What is not enforced and why, in one sentence; undefined when everything is. */
  readonly warning?: string;
}

// /dev/shm is a small tmpfs of the sandbox's own: multiprocessing's locks need it, and tmpfs pages are not
// counted by RLIMIT_AS, so its size is capped.
const sharedMemoryBytes = 64 * 2 ** 20;

const bubblewrapPrefix = (work: string): string[] => [
  'bwrap',
  ...['--ro-bind', '/', '/', '--bind', work, work],
  ...['--dev', '/dev', '--perms', '1777', '--size', String(sharedMemoryBytes), '--tmpfs', '/dev/shm', '--proc', '/proc'],
  ...['--unshare-net', '--unshare-pid', '--unshare-ipc', '--die-with-parent', '--new-session', '--chdir', work, '--'],
];

const isRoot = (): boolean => process.getuid?.() === 0;

const resolved = new Map<string, Promise<SandboxIsolation>>();

/**
 * The isolation for `mode`, probed once per process: `bubblewrap` throws `SandboxStartError` when bubblewrap does
 * not work here; `auto` falls back to a network namespace (root) or to none, with a warning saying what is lost.
 */
export function resolveIsolation(mode: 'auto' | 'bubblewrap' | 'none', temporaryDirectory: string): Promise<SandboxIsolation> {
  let pending = resolved.get(mode);
  if (pending === undefined) {
    pending = probe(mode, temporaryDirectory);
    resolved.set(mode, pending);
    pending.catch(() => resolved.delete(mode));
  }
  return pending;
}

async function probe(mode: 'auto' | 'bubblewrap' | 'none', temporaryDirectory: string): Promise<SandboxIsolation> {
  const ownUid = isRoot()
    ? 'they run as a uid of their own, so only where everyone may write, such as /tmp'
    : 'anywhere this user may write';
  const plain: SandboxIsolation = {
    kind: 'none',
    prefix: () => [],
    networkCut: false,
    writesConfined: false,
    warning: `programs can reach the network and write outside their directories (${ownUid})`,
  };
  if (mode === 'none') return { ...plain, warning: `isolation 'none': ${plain.warning}` };
  const bubblewrapFailure = await tryBubblewrap(temporaryDirectory);
  if (bubblewrapFailure === undefined) {
    return { kind: 'bubblewrap', prefix: bubblewrapPrefix, networkCut: true, writesConfined: true };
  }
  if (mode === 'bubblewrap') throw new SandboxStartError({ reason: `isolation 'bubblewrap' asked for, but ${bubblewrapFailure}` });
  if (isRoot() && (await succeeds('unshare', ['--net', '--', 'true'])) === undefined) {
    return {
      kind: 'network-namespace',
      prefix: () => ['unshare', '--net', '--'],
      networkCut: true,
      writesConfined: false,
      warning: `${bubblewrapFailure}: programs can write outside their directories (${ownUid}); the network is cut`,
    };
  }
  return { ...plain, warning: `${bubblewrapFailure}: ${plain.warning}` };
}

/** Undefined when bubblewrap runs a command with the sandbox's own arguments, else why not. */
async function tryBubblewrap(temporaryDirectory: string): Promise<string | undefined> {
  const work = await mkdtemp(join(temporaryDirectory, 'boden-sandbox-probe-'));
  try {
    return await succeeds(bubblewrapPrefix(work)[0]!, [...bubblewrapPrefix(work).slice(1), 'true']);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Undefined when `command` exits 0, else what went wrong in words. */
function succeeds(command: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 30_000, encoding: 'utf8' }, (error, _stdout, stderr) => {
      if (error === null) return resolve(undefined);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return resolve(`${command} is not installed`);
      resolve(`${command} does not work here (${stderr.trim().split('\n').at(-1) || error.message})`);
    });
  });
}
