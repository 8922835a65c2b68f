/** What the launcher needs: the interpreter, the program and its limits. */
export interface LauncherSettings {
  readonly python: string;
  /** The program file, in the work directory (the launcher's working directory). */
  readonly program: string;
  readonly cpuSeconds: number;
  readonly memoryBytes: number;
  readonly fileBytes: number;
  readonly processes: number;
  /** The uid (and gid) the program runs as; null to keep the caller's (not root: it cannot switch). */
  readonly uid: number | null;
  readonly wallSeconds: number;
}

/** What the launcher writes to fd 3 once the program has ended. */
export interface LauncherReport {
  /** Why the program could not be started (exec failed, a limit could not be set); absent when it ran. */
  readonly failure?: string;
  readonly exitCode: number | null;
  /** The signal that ended it, by number. */
  readonly signal: number | null;
  /** User + system CPU of the program and every descendant it waited for. */
  readonly cpuSeconds: number;
  /** True when the launcher killed it at the wall-clock guard. */
  readonly wallLimit: boolean;
}

/**
 * The launcher, run as `python -I -S -c <this> <arguments>` inside the isolation. Hand-written rather than
 * `setpriv` + `prlimit` (util-linux) because neither reports the program's CPU time with its children's, which
 * decides "too slow"; `os.wait4` does. It sets the limits (RLIMIT_NPROC only binds a non-root uid, so root
 * drops to `uid`; a user adds its processes already running), execs the program, keeps the wall-clock guard
 * itself (a pidfd, so a hung program's CPU time is still known) and writes its report to fd 3, which the program
 * does not inherit. A separate process the program (another uid) cannot signal. It imports only C modules (no
 * json, no signal, which pull in re and enum): its start-up is most of the sandbox's overhead.
 */
export const launcherSource = String.raw`
import os, resource, select, sys, time

os.set_inheritable(3, False)
python, program, cpu, memory, file_size, processes, uid, wall = sys.argv[1:9]
cpu, memory, file_size, processes, wall = int(cpu), int(memory), int(file_size), int(processes), float(wall)
uid = None if uid == "-" else int(uid)

def tasks_of(user):
    try:
        names = os.listdir("/proc")
    except OSError:
        return None
    count = 0
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open("/proc/" + name + "/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            if int(fields["Uid"].split()[0]) == user:
                count += int(fields["Threads"])
        except (OSError, KeyError, ValueError):
            pass
    return count

limits = [
    (resource.RLIMIT_CORE, 0, 0),
    (resource.RLIMIT_CPU, cpu, cpu + 1),
    (resource.RLIMIT_AS, memory, memory),
    (resource.RLIMIT_FSIZE, file_size, file_size),
]
running = 0 if uid is not None else tasks_of(os.getuid())
# Without /proc the user's processes cannot be counted, and a limit below them would refuse every fork.
if running is not None:
    limits.append((resource.RLIMIT_NPROC, processes + running, processes + running))
failure_read, failure_write = os.pipe()
pid = os.fork()
if pid == 0:
    try:
        os.close(failure_read)
        for limit, soft, hard in limits:
            resource.setrlimit(limit, (soft, hard))
        if uid is not None:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
        os.execv(python, [python, program])
    except BaseException as error:
        os.write(failure_write, (type(error).__name__ + ": " + str(error)).encode())
    finally:
        os._exit(127)

os.close(failure_write)
deadline = time.monotonic() + wall
# Empty once exec succeeds (the pipe is close-on-exec), else the child's reason.
failure = os.read(failure_read, 4096).decode("utf-8", "replace").replace("\n", " ")

def ended_before(deadline):
    try:
        pidfd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        # No pidfd (Python < 3.9, Linux < 5.3): poll.
        while time.monotonic() < deadline:
            if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return True
            time.sleep(0.01)
        return False
    return bool(select.select([pidfd], [], [], max(0.0, deadline - time.monotonic()))[0])

wall_limit = not ended_before(deadline)
if wall_limit:
    os.kill(pid, 9)
_, status, usage = os.wait4(pid, 0)
code = str(os.WEXITSTATUS(status)) if os.WIFEXITED(status) else "-"
number = str(os.WTERMSIG(status)) if os.WIFSIGNALED(status) else "-"
cpu_seconds = repr(usage.ru_utime + usage.ru_stime)
os.write(3, " ".join(["report", code, number, cpu_seconds, "1" if wall_limit else "0", failure]).encode())
`;

/** The launcher's command-line arguments after `-c <source>`. */
export function launcherArguments(settings: LauncherSettings): string[] {
  const { python, program, cpuSeconds, memoryBytes, fileBytes, processes, uid, wallSeconds } = settings;
  return [python, program, cpuSeconds, memoryBytes, fileBytes, processes, uid ?? '-', wallSeconds].map(String);
}

/** The launcher's report from what it wrote to fd 3; undefined when it wrote none (it was killed). */
export function parseLauncherReport(text: string): LauncherReport | undefined {
  const match = /^report (\d+|-) (\d+|-) (\S+) ([01]) ?(.*)$/s.exec(text);
  if (match === null) return undefined;
  const [, code, signal, cpu, wall, failure] = match;
  return {
    exitCode: code === '-' ? null : Number(code),
    signal: signal === '-' ? null : Number(signal),
    cpuSeconds: Number(cpu),
    wallLimit: wall === '1',
    ...(failure ? { failure } : {}),
  };
}
