import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatRequestKey, type ChatExchange } from '../../../bench/agents/chat-recording.js';
import { codeRunBehaviour, pipelineRunBehaviour } from '../../../bench/code/recorded-behaviour.js';
import { readSharedRunExchanges } from '../../../bench/agents/shared-run-exchanges.js';
import { programTextHash } from '../../../bench/code/program-outcome-memo.js';
import { sharedRoot } from '../../support/shared-data.js';

const rings = 'import numpy as np\ndef ring_centers():\n    return np.zeros((26, 2))\n';
const ringsTwisted = 'import numpy as np\ndef ring_centers(twist=0.5):\n    return np.zeros((26, 2))\n';
const ringsClimb = `${rings}def hill_climb(c):\n    return c\n`;
const optimiser = 'import numpy as np\nfrom scipy.optimize import minimize\ndef penalty(x):\n    return x\n';
const broken = 'import numpy as np\nprint(undefined_name)\n';

/** An exchange of a code run: the operator's prompt (with its parent program and directive) and the answer's program. */
function exchange(step: number, operator: string, answer: string, parent?: string, directive?: string): ChatExchange {
  const prompt = [
    '## Task description\ntask',
    ...(parent === undefined
      ? []
      : [
          `${operator === 'debug' ? '## Previous (buggy) implementation' : '## Previous solution'}\n\`\`\`python\n${parent.trimEnd()}\n\`\`\``,
        ]),
    `## Instructions: ${operator}\n- do it`,
    ...(directive === undefined ? [] : [`## Novelty directive\n${directive}`]),
  ].join('\n\n');
  const request = {
    run: 'circle-packing-26.seed-1.x',
    step,
    operator,
    model: 'm',
    settings: {},
    messages: [
      { role: 'system' as const, content: 's' },
      { role: 'user' as const, content: prompt },
    ],
  };
  return {
    format: 'boden-chat-exchange/1',
    key: chatRequestKey(request),
    ...request,
    answer: `Plan.\n\n\`\`\`python\n${answer.trimEnd()}\n\`\`\`\n`,
  };
}

describe('the behaviour of a recorded code run', () => {
  it('counts bugs, debug fixes, paradigm switches and directive compliance from the programs', () => {
    const exchanges = [
      exchange(1, 'draft', rings),
      exchange(2, 'improve', ringsTwisted, rings),
      exchange(3, 'improve', broken, rings),
      exchange(4, 'debug', rings, broken),
      // Directed: a switch to the optimiser complies; a refinement of the same rings does not; a hill climb on top does.
      exchange(5, 'improve', optimiser, rings, 'Try something new.'),
      exchange(6, 'improve', ringsTwisted, rings, 'Try something new.'),
      exchange(7, 'improve', ringsClimb, rings, 'Add a component on top of the best.'),
    ];
    const outcomes = new Map([rings, ringsTwisted, optimiser, ringsClimb].map((code) => [programTextHash(code), { score: 1 }] as const));
    const scored = new Map<string, { score: number | null }>([...outcomes, [programTextHash(broken), { score: null }]]);
    const behaviour = codeRunBehaviour('run', exchanges, scored, 'packing');
    expect(behaviour).toMatchObject({
      requests: 7,
      proposals: 7,
      scored: 7,
      buggy: 1,
      debugAttempts: 1,
      debugFixes: 1,
      improvements: 5,
      paradigmSwitches: 1,
      directed: 3,
      complied: 2,
    });
  });
});

const llmRuns = join(sharedRoot, 'data', 'llm-runs');
const haveRuns = existsSync(llmRuns);
if (!haveRuns) console.warn(`skipping the real-model behaviour test: no ${llmRuns} (the shared real-model runs)`);

describe('the behaviour of the shared real-model runs', () => {
  it.skipIf(!haveRuns)(
    'reads the directive probe as six requests that all comply, and the runs as 30 proposals with one family switch in the adaptive run',
    async () => {
      const probe = await readSharedRunExchanges(join(llmRuns, 'co2-forecast-directive-probe.exchanges.jsonl'), 'probe', 'relay');
      expect(pipelineRunBehaviour('probe', probe, { independentRequests: true })).toMatchObject({
        requests: 6,
        directed: 6,
        complied: 6,
        paradigmSwitches: 3,
      });
      // Taken as one history, the later new-component answers repeat the ensemble the earlier ones added: not all comply.
      expect(pipelineRunBehaviour('probe', probe).complied).toBeLessThan(6);
      const adaptive = await readSharedRunExchanges(join(llmRuns, 'co2-forecast-aide-adaptive-seed1.exchanges.jsonl'), 'adaptive', 'relay');
      expect(pipelineRunBehaviour('adaptive', adaptive)).toMatchObject({
        requests: 30,
        proposals: 30,
        improvements: 25,
        paradigmSwitches: 1,
        directed: 0,
      });
    },
  );
});
