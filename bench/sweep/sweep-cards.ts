import { InvalidArgumentError, InvalidFieldError } from 'boden';
import { loadPackingTaskCard, packingTaskName, type PackingTaskCard } from '../packing/packing-task-card.js';
import { loadBenchTaskCard, readBenchTaskCard, type BenchTaskCard } from '../cards/bench-task-card.js';
import { benchTaskNames } from '../tasks/task-definitions.js';
import type { ParsedSweepOptions } from './sweep-options.js';

/**
 * The cards of a sweep's tasks by name: the shipped ones named in `tasks`, then the user's `taskFiles`. An unknown
 * task is an `InvalidArgumentError`, a user's card that reuses a name an `InvalidFieldError` naming the file.
 */
export async function loadSweepCards(
  options: Pick<ParsedSweepOptions, 'tasks' | 'taskFiles' | 'agent'>,
): Promise<Map<string, BenchTaskCard | PackingTaskCard>> {
  const cards = new Map<string, BenchTaskCard | PackingTaskCard>();
  for (const task of options.tasks) {
    if (task !== packingTaskName && !benchTaskNames.includes(task)) {
      const shipped = [...benchTaskNames, packingTaskName].join(', ');
      throw new InvalidArgumentError({
        argument: 'tasks',
        reason: `no shipped task "${task}" (shipped: ${shipped}); a card file of your own goes to --task-file`,
      });
    }
    cards.set(task, task === packingTaskName ? await loadPackingTaskCard() : await loadBenchTaskCard(task));
  }
  if (cards.has(packingTaskName) && options.agent !== 'simulated' && options.agent.kind !== 'code') {
    throw new InvalidArgumentError({
      argument: 'agent',
      reason: `${packingTaskName} is for program-writing agents: the simulated one, or --agent code; the pipeline-choosing LLM agent runs on the tabular tasks`,
    });
  }
  for (const file of options.taskFiles) {
    const card = await readBenchTaskCard(file);
    if (cards.has(card.task))
      throw new InvalidFieldError({
        file,
        location: '$.task',
        reason: `a task named "${card.task}" is already in this sweep; give the card another name`,
      });
    cards.set(card.task, card);
  }
  return cards;
}
