import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

/** The sample at `fraction` (nearest rank) of `samples`; NaN when there are none. */
export function percentile(samples: Float64Array, fraction: number): number {
  const sorted = Float64Array.from(samples).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** Microseconds for a table cell: one decimal below 10, whole numbers with thousands separators above. */
export function micro(value: number): string {
  return value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
}

/** Bytes as megabytes with one decimal. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The machine a benchmark ran on: cores, CPU model (Linux), Node version and load average, as one line. */
export function machineLine(): string {
  let cpu = 'unknown';
  try {
    cpu = /^model name\s*:\s*(.*)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    // Not Linux.
  }
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return `machine: ${availableParallelism()} cores (nproc), ${cpu}, Node ${process.version}, load average ${load}`;
}
