import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { installPacked, packPackage } from '../support/packed-project.js';
import { spawnProcess } from '../support/run-cli.js';
import { projectRoot } from '../support/shared-data.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

/** The pages whose ```ts blocks are tested: the README, then every page of docs/, by name. */
const pages = [
  'README.md',
  ...readdirSync(join(projectRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
/** Every ```ts block of those pages, in order, each named by its page and its place there (`docs-shaping-1`). */
const snippets = pages.flatMap((page) =>
  [...readFileSync(join(projectRoot, page), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match, index) => ({
    name: `${page.replace(/\.md$/, '').replace(/[^A-Za-z0-9]+/g, '-')}-${index + 1}`,
    code: match[1]!,
  })),
);
const built = existsSync(join(projectRoot, 'dist', 'src', 'index.js'));
if (!built) console.warn('skipping the README snippet tests: dist/ is missing (npm test builds it; or run npm run build)');

/**
 * The TypeScript snippets of the README and of docs/*.md, pasted as a user would into a project that installed the packed package: `npm
 * pack` of the built tree, unpacked as `node_modules/boden` of a temporary project whose other dependencies link to
 * the clone's (nothing is downloaded), then type-checked with strict settings and run.
 */
describe.skipIf(!built)('the README and docs/, as written, against the packed package', () => {
  const project = useTemporaryDirectory('boden-readme-');
  let packed: string[] = [];
  // The LangChain snippet's ChatOpenAI reads OPENAI_BASE_URL: a scripted model that runs one experiment, then answers.
  let chat: FakeOpenAiServer;
  beforeAll(async () => {
    chat = await startFakeOpenAiServer({
      chat: (body) =>
        (body.messages as { role: string }[]).some((message) => message.role === 'tool')
          ? 'LightGBM is the better model.'
          : {
              content: null,
              toolCalls: [{ name: 'run_experiment', arguments: { plan: 'Gradient boosting.', code: 'import lightgbm as lgb' } }],
            },
    });
  });
  afterAll(() => chat.close());

  beforeAll(() => {
    const boden = packPackage(project);
    packed = [...boden.files];
    installPacked(project, [boden]);
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['snippet-*.ts'] }));
    copyFileSync(join(projectRoot, 'examples', 'aide-tabular-run.journal.json'), join(project, 'journal.json'));
    for (const snippet of snippets) writeFileSync(join(project, `snippet-${snippet.name}.ts`), snippet.code);
  }, 120_000);

  it('finds the snippets (the test can see what it tests)', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(3);
    expect(snippets.filter((snippet) => snippet.name.startsWith('README-')).length).toBeGreaterThanOrEqual(1);
    expect(snippets.filter((snippet) => snippet.name.startsWith('docs-')).length).toBeGreaterThanOrEqual(3);
    expect(new Set(snippets.map((snippet) => snippet.name)).size).toBe(snippets.length);
    for (const snippet of snippets) expect(snippet.code, snippet.name).toMatch(/from 'boden(\/[a-z-/]+)?'/);
  });

  it('ships the compiled library and nothing that imports sources it does not ship', () => {
    expect(packed).toContain('dist/src/index.js');
    expect(packed).toContain('dist/src/cli/main.js');
    expect(packed.filter((path) => !/^(dist\/|package\.json$|README\.md$|LICENSE)/.test(path))).toEqual([]);
  });

  it('type-checks every snippet with strict settings against the package', () => {
    const tsc = spawnSync(process.execPath, [join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000);

  it.each(snippets.map((snippet) => snippet.name))(
    'runs snippet %s to its end, printing no error',
    async (name) => {
      const env = { ...process.env, OPENAI_BASE_URL: chat.baseURL, OPENAI_API_KEY: 'readme-test' };
      // Not spawnSync: the fake model server answers from this process, which must keep running meanwhile.
      const run = await spawnProcess(process.execPath, ['--import', 'tsx', `snippet-${name}.ts`], { cwd: project, env, timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      // The LangChain snippet really went through the agent: the scripted model's one experiment is in its state.
      if (snippets.find((snippet) => snippet.name === name)!.code.includes('bodenMiddleware'))
        expect(run.stdout).toContain("plan: 'Gradient boosting.'");
      expect(run.stdout.length).toBeGreaterThan(0);
    },
    90_000,
  );
});
