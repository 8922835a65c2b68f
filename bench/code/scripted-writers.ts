import type { SimulatedAgentProfile } from '../agents/simulated-agent-options.js';
import { createSimulatedAgent } from '../agents/simulated-agent.js';
import { renderPackingPython } from '../packing/packing-python.js';
import type { PackingProgram } from '../packing/packing-program.js';
import type { PackingTaskCard } from '../packing/packing-task-card.js';
import { createSimulatedPackingAgent } from '../packing/simulated-packing-agent.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import type { ScriptedWriter, ScriptedWriterFactory } from './scripted-model.js';
import { renderTabularPython } from './tabular-python.js';

/** The simulated agents' settings a scripted model uses (a sweep's `--agent-profile`, `--compliance`, `--bug-rate`, `--debug-success`). */
export interface ScriptedAgentSettings {
  readonly episodes: number;
  readonly profile: SimulatedAgentProfile;
  readonly directiveCompliance?: number;
  readonly bugRate?: number;
  readonly debugSuccess?: number;
}

/**
 * The scripted model's writers for a sweep's tasks: circle packing answers as the simulated packing agent with real
 * numpy programs (`renderPackingPython`), a tabular card as the simulated pipeline agent with real scikit-learn /
 * XGBoost scripts (`renderTabularPython`), each seeded with the request's seed and set as the sweep sets the
 * simulated agents, so a code run and a simulated run of the same seed make the same choices.
 */
export function scriptedWriters(
  cards: ReadonlyMap<string, BenchTaskCard | PackingTaskCard>,
  settings: ScriptedAgentSettings,
): ScriptedWriterFactory {
  const behaviour = {
    profile: settings.profile,
    budget: settings.episodes,
    ...(settings.directiveCompliance === undefined ? {} : { directiveCompliance: settings.directiveCompliance }),
    ...(settings.bugRate === undefined ? {} : { bugRate: settings.bugRate }),
    ...(settings.debugSuccess === undefined ? {} : { debugSuccess: settings.debugSuccess }),
  };
  return ({ task, seed }) => {
    const card = cards.get(task);
    if (card === undefined) return undefined;
    if ('paradigmBest' in card) {
      const writer: ScriptedWriter<PackingProgram> = {
        agent: createSimulatedPackingAgent({ ...behaviour, seed }),
        python: renderPackingPython,
      };
      return writer as ScriptedWriter<unknown>;
    }
    const writer: ScriptedWriter<PipelineConfig> = {
      agent: createSimulatedAgent({ ...behaviour, task: card, seed }),
      python: (config) => renderTabularPython(card, config),
    };
    return writer as ScriptedWriter<unknown>;
  };
}
