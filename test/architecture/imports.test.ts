import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const layers = ['src', 'adapters', 'bench', 'examples'];

/** Every TypeScript source of the project's layers, relative to the root. */
function sources(): string[] {
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const name of readdirSync(join(root, directory)).sort()) {
      const path = join(directory, name);
      if (path === join('bench', 'results')) continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const layer of layers) walk(layer);
  return files;
}

/** boden's package exports (`boden`, `boden/calls`, …) and the sources they resolve to under the `boden-source` condition. */
const packageExports = new Map(
  Object.entries(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> }).exports,
  ).map(([subpath, conditions]) => [`boden${subpath.slice(1)}`, conditions['boden-source']!.slice(2)]),
);

/** The specifiers a source imports (static, type-only and dynamic imports with a literal path), read by TypeScript's own pre-processor. */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles.map(({ fileName }) => fileName);
}

/** The project files a source imports, through a relative path or boden's package name. */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const targets: string[] = [];
  for (const fileName of specifiersOf(file)) {
    const exported = packageExports.get(fileName);
    if (exported !== undefined) {
      targets.push(exported);
      continue;
    }
    if (!fileName.startsWith('.')) continue;
    const base = relative(root, resolve(root, dirname(file), fileName));
    const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts')];
    const target = candidates.find((candidate) => known.has(candidate));
    if (target !== undefined) targets.push(target);
  }
  return targets;
}

const files = sources();
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

/** Strongly connected components of more than one file (Tarjan): the import cycles. */
function cycles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

/**
 * The folders' import graph: folder A → folder B when a file of A imports a file of B. The package façade
 * `src/index.ts` is left out: it re-exports every room by design.
 */
function folderGraph(files: ReadonlyMap<string, readonly string[]> = graph): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    if (file === 'src/index.ts') continue;
    const from = dirname(file);
    for (const target of targets) {
      const to = dirname(target);
      if (to === from) continue;
      if (!folders.has(from)) folders.set(from, new Set());
      folders.get(from)!.add(to);
    }
  }
  return folders;
}

/** Strongly connected sets of more than one folder (Tarjan over `folderGraph`), each sorted: the folder cycles. */
function folderCycles(files: ReadonlyMap<string, readonly string[]> = graph): string[][] {
  const edges = folderGraph(files);
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets])])].sort();
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

describe('the layers', () => {
  it('finds the sources and their imports (the check can see what it checks)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get('src/index.ts')!.length).toBeGreaterThan(20);
    expect(graph.get('src/cli/corpus-command.ts')).toContain('adapters/trajectory/index.ts');
  });

  it('the core imports neither adapters nor bench; only the CLI, the composition root, wires adapters in', () => {
    const violations = [...graph].flatMap(([file, targets]) => {
      if (!file.startsWith('src/')) return [];
      const allowed = file.startsWith('src/cli/') ? ['src/', 'adapters/'] : ['src/'];
      return targets.filter((target) => !allowed.some((prefix) => target.startsWith(prefix))).map((target) => `${file} -> ${target}`);
    });
    expect(violations).toEqual([]);
  });

  it('adapters never import the benchmark', () => {
    const violations = [...graph].flatMap(([file, targets]) =>
      file.startsWith('adapters/') ? targets.filter((target) => target.startsWith('bench/')).map((target) => `${file} -> ${target}`) : [],
    );
    expect(violations).toEqual([]);
  });

  it('the benchmark (the boden-bench package) reaches the core only through the public exports of boden', () => {
    const violations = files
      .filter((file) => file.startsWith('bench/'))
      .flatMap((file) =>
        specifiersOf(file)
          .filter((specifier) =>
            specifier.startsWith('.')
              ? !relative(root, resolve(root, dirname(file), specifier)).startsWith('bench/')
              : /^boden(\/|$)/.test(specifier) && !packageExports.has(specifier),
          )
          .map((specifier) => `${file} -> ${specifier}`),
      );
    expect(violations).toEqual([]);
    // The check sees the package imports it allows: the benchmark does use the core.
    expect(graph.get('bench/cli/bench-cli.ts')).toContain('src/index.ts');
  });

  it('the core and the adapters hold no path into the benchmark (boden demo reaches boden-bench by its package name)', () => {
    const paths: string[] = [];
    for (const file of files.filter((name) => name.startsWith('src/') || name.startsWith('adapters/'))) {
      const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if ((ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) && /(^|[/.])bench\//.test(node.text))
          paths.push(`${file}: ${node.text}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(paths).toEqual([]);
  });

  it('sees folder cycles (the check can fail): files without a cycle whose folders import each other', () => {
    const files = new Map([
      ['a/one.ts', ['b/two.ts']],
      ['b/two.ts', ['c/three.ts']],
      ['c/three.ts', ['a/four.ts']],
      ['a/four.ts', []],
      ['d/five.ts', ['a/one.ts']],
    ]);
    expect(folderCycles(files)).toEqual([['a', 'b', 'c']]);
    expect(folderGraph().get('bench/cli')).toContain('src');
  });

  it('has no folder-level cycle: the core, the adapters and the benchmark', () => {
    expect(folderCycles()).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cycles()).toEqual([]);
  });
});
