import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './shared-data.js';

/** A package as `npm pack` made it: its tarball and the paths it holds. */
export interface PackedPackage {
  readonly name: string;
  readonly tarball: string;
  readonly size: number;
  readonly files: readonly string[];
  readonly bin: Readonly<Record<string, string>>;
}

/** Packs the built tree's package (`workspace` undefined: boden itself; `bench`: boden-bench) into `directory`, scripts off. */
export function packPackage(directory: string, workspace?: string): PackedPackage {
  const args = [
    'pack',
    '--ignore-scripts',
    '--json',
    '--pack-destination',
    directory,
    ...(workspace === undefined ? [] : ['-w', workspace]),
  ];
  const [packed] = JSON.parse(execFileSync('npm', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as [
    { name: string; filename: string; size: number; files: { path: string }[] },
  ];
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', join(directory, packed!.filename), 'package/package.json'], { encoding: 'utf8' }),
  ) as { bin?: Record<string, string> };
  return {
    name: packed!.name,
    tarball: join(directory, packed!.filename),
    size: packed!.size,
    files: packed!.files.map((file) => file.path),
    bin: manifest.bin ?? {},
  };
}

/**
 * Makes `project` a consumer project that installed `packages` from their tarballs: each unpacked as
 * `node_modules/<name>` with its commands in `node_modules/.bin`, as npm lays them out, and every other dependency
 * linked to the clone's own (nothing is downloaded, so the test runs offline).
 */
export function installPacked(project: string, packages: readonly PackedPackage[]): void {
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true });
  for (const pkg of packages) {
    const unpacked = join(project, `unpacked-${pkg.name}`);
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', pkg.tarball, '-C', unpacked]);
    renameSync(join(unpacked, 'package'), join(modules, pkg.name));
    for (const [command, path] of Object.entries(pkg.bin)) {
      chmodSync(join(modules, pkg.name, path), 0o755);
      symlinkSync(join('..', pkg.name, path), join(modules, '.bin', command));
    }
  }
  const own = new Set(['boden', 'boden-bench', ...packages.map((pkg) => pkg.name)]);
  for (const entry of readdirSync(join(projectRoot, 'node_modules'))) {
    if (!entry.startsWith('.') && !own.has(entry)) symlinkSync(join(projectRoot, 'node_modules', entry), join(modules, entry));
  }
  for (const tool of ['tsx', 'tsc']) symlinkSync(join(projectRoot, 'node_modules', '.bin', tool), join(modules, '.bin', tool));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'boden-user', private: true, type: 'module' }));
}
