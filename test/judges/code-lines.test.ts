import { describe, expect, it } from 'vitest';
import { codeLines } from '../../src/judges/code-lines.js';
import { isReportingLine, isStructureLine } from '../../src/judges/reporting-line.js';
import { namesPlainSetting } from '../../src/judges/setting-words.js';

describe('codeLines', () => {
  it('drops comments and layout, joins bracketed statements, and masks every run of digits', () => {
    const code =
      'import torch  # the framework\n\nmodel = Net(\n    hidden=128,\n    depth=3,\n)\nlr = 1e-3\nself.fc3 = nn.Linear(64, 10)\n';
    expect(codeLines(code)).toEqual({
      lines: ['import torch', 'model=Net(hidden=128,depth=3)', 'lr=1e-3', 'self.fc3=nn.Linear(64,10)'],
      masked: ['import torch', 'model=Net(hidden=§,depth=§)', 'lr=§', 'self.fc§=nn.Linear(§,§)'],
    });
  });

  it("keeps a # inside a string, a multi-line string in its statement, and Python's // as floor division", () => {
    // Layout spaces go inside strings too: the lines are comparison keys, not code to run.
    const { lines } = codeLines('x = "a # b"\ny = 7 // 2\ns = """doc\nstring"""\nz = x + \\\n    y\n');
    expect(lines).toEqual(['x="a#b"', 'y=7//2', 's="""doc string"""', 'z=x+y']);
  });

  it('reads C-family comments and keeps braces as blocks', () => {
    const { lines } = codeLines('int main() {\n  // comment\n  return 0; /* done */\n}\n');
    expect(lines).toEqual(['int main(){', 'return 0;', '}']);
  });

  it('reads a program exactly as long as its scratch buffer, whose last line has no newline', () => {
    const code = `x${'a'.repeat((1 << 14) - 1)}`;
    expect(codeLines(code).lines).toEqual([code]);
  });

  it('gives the same masked lines to programs that differ only in numbers or spacing', () => {
    const a = codeLines('model = fit(x, lr=0.1, seed=1)\n');
    const b = codeLines('model=fit( x , lr = 0.01 , seed = 42 )  # tuned\n');
    expect(a.masked).toEqual(b.masked);
    expect(a.lines).not.toEqual(b.lines);
  });
});

describe('isReportingLine', () => {
  it('recognises printing, logging, plotting, saving and results records', () => {
    for (const line of [
      'print(f"loss={loss:§f}")',
      'logger.info(x)',
      'plt.savefig("a.png")',
      'np.save(path,data)',
      'experiment_data["a"]["losses"].append(loss)',
      'import json',
      '"""Docstring."""',
    ]) {
      expect(isReportingLine(line)).toBe(true);
    }
    for (const line of ['model.fit(X,y)', 'history=model.fit(X,y)', 'loss=criterion(out,y)', '"Adam":optim.Adam']) {
      expect(isReportingLine(line)).toBe(false);
    }
    expect(isStructureLine(')')).toBe(true);
    expect(isStructureLine('x=1')).toBe(false);
  });
});

describe('namesPlainSetting', () => {
  it('tells plain settings from mechanisms in sweep and ablation names', () => {
    for (const name of ['learning_rate', 'BATCH_SIZE', 'num_heads', 'ADAM_BETA1', 'Network Width Ablation', 'Data Noise Level Ablation']) {
      expect(namesPlainSetting(name)).toBe(true);
    }
    for (const name of [
      'optimizer',
      'Learning Rate Scheduler Ablation',
      'Weight Initialization Scheme Ablation',
      'Label Noise Robustness Ablation',
    ]) {
      expect(namesPlainSetting(name)).toBe(false);
    }
  });
});
