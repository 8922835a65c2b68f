import { describe, expect, it } from 'vitest';
import { createProgram } from '../../src/cli/run-boden.js';
import { runCli } from '../support/run-cli.js';

const silent = { stdout: { write: () => true }, stderr: { write: () => true } };

describe('boden loads only the command it runs', () => {
  it('lists the placeholders in the top-level help exactly as the commands themselves', async () => {
    const placeholders = await createProgram(() => {}, silent as never, 'none');
    const loaded = await createProgram(() => {}, silent as never, 'all');
    expect(placeholders.helpInformation()).toBe(loaded.helpInformation());
    expect(placeholders.commands.map((command) => command.name())).toEqual([
      'score',
      'validate',
      'fit-judge',
      'export',
      'corpus',
      'hscore',
      'report',
      'serve',
    ]);
    // A placeholder has no action and none of the command's own options: it really is not the loaded command.
    expect(placeholders.commands.find((command) => command.name() === 'score')?.options.map((option) => option.long)).toEqual([
      '--see-the-command',
    ]);
    expect(loaded.commands.find((command) => command.name() === 'score')?.options.map((option) => option.long)).toContain('--task-card');
  });

  it("runs help, a command's help and an unknown command as before", async () => {
    const top = await runCli(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('score [options] <paths...>');
    const score = await runCli(['help', 'score']);
    expect(score.code).toBe(0);
    expect(score.stdout).toContain('--task-card <file>');
    const corpus = await runCli(['corpus', 'build', '--help']);
    expect(corpus.code).toBe(0);
    expect(corpus.stdout).toMatch(/Usage: boden corpus build/);
    const unknown = await runCli(['scor']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command 'scor'.*Did you mean score\?/s);
  });
});
