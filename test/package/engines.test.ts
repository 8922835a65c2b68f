import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/shared-data.js';

const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the Node versions the package promises', () => {
  it('every locked dependency accepts the oldest Node package.json allows, so npm ci never warns EBADENGINE', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, pkg]) => {
        const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
        return range !== undefined && !semver.satisfies(oldest, range) ? [`${name} (node ${range})`] : [];
      });
    expect(refusing).toEqual([]);
  });

  it('the README names that version', () => {
    expect(readFileSync(join(projectRoot, 'README.md'), 'utf8')).toContain('Node 20.19 or newer');
  });
});
