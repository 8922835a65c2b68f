import { z } from 'zod';
import { parseOptions } from '../options/parse-options.js';
import { functionSchema } from './collaborator-schemas.js';

/** Options of `formatNoveltyDirective`. */
export const NoveltyDirectiveOptionsSchema = z
  .object({
    /** Concept id → how many of the run's valid episodes used it. */
    concepts: z.custom<ReadonlyMap<string, number>>((value) => value instanceof Map, 'expected a Map of concept id to count'),
    /** The category of a concept id (e.g. `model`, `validation`), to group the list; unknown ids go last. */
    categoryOf: functionSchema<(conceptId: string) => string | undefined>('a category lookup').optional(),
    /** Most concepts named: those of the priority categories first, then the most used. */
    maxConcepts: z.number().int().min(1).default(12),
    /** Categories named before all others: the model families and models are what a paradigm is. */
    priorityCategories: z.array(z.string()).default(['model-family', 'model']),
    /**
     * What the directive asks for: `new-idea` a solution built on a different idea instead of these; `new-component`
     * the current best kept, with one component added that the run has not tried.
     */
    ask: z.enum(['new-idea', 'new-component']).default('new-idea'),
  })
  .strict();

/** What a novelty directive asks the operator for: see `NoveltyDirectiveOptionsSchema.ask`. */
export type NoveltyDirectiveAsk = 'new-idea' | 'new-component';

/** Options of `formatNoveltyDirective` as callers write them. */
export type NoveltyDirectiveOptions = z.input<typeof NoveltyDirectiveOptionsSchema>;

/**
 * The novelty directive `adaptiveExploration` hands the host's operator in explore mode: a short text naming the
 * concepts the run has already tried (model families and models first, then the most used), grouped by category, and
 * asking for a different idea or for an untried component on top of the best (`ask`), for the host to put in its
 * prompt.
 * Concept ids come from a fixed vocabulary, so the text carries no candidate content into the prompt.
 */
export function formatNoveltyDirective(options: NoveltyDirectiveOptions): string {
  const { concepts, categoryOf, maxConcepts, priorityCategories, ask } = parseOptions(
    NoveltyDirectiveOptionsSchema,
    options,
    'formatNoveltyDirective',
  );
  const priority = (id: string): number => {
    const index = priorityCategories.indexOf(categoryOf?.(id) ?? '');
    return index === -1 ? priorityCategories.length : index;
  };
  const ranked = [...concepts.entries()]
    .filter(([, count]) => count > 0)
    .sort(([leftId, left], [rightId, right]) => priority(leftId) - priority(rightId) || right - left || leftId.localeCompare(rightId))
    .slice(0, maxConcepts);
  const tried =
    ranked.length === 0 ? 'This run has converged on one approach.' : `This run has already tried: ${groupByCategory(ranked, categoryOf)}.`;
  return [
    'Novelty directive:',
    tried,
    'Recent solutions add little that is new and the best score has stopped improving.',
    ask === 'new-idea'
      ? 'Propose a solution built on a different idea (another model family, input representation, objective or data treatment) instead of refining these.'
      : 'Keep the best solution so far and add one component this run has not tried yet (a feature transformation, a preprocessing or post-processing step, another ensemble member or a search technique) instead of tuning its settings.',
  ].join(' ');
}

function groupByCategory(ranked: readonly [string, number][], categoryOf: ((id: string) => string | undefined) | undefined): string {
  const groups = new Map<string, string[]>();
  for (const [id, count] of ranked) {
    const category = categoryOf?.(id) ?? 'other';
    const entry = count > 1 ? `${id} (${count}×)` : id;
    const group = groups.get(category);
    if (group === undefined) groups.set(category, [entry]);
    else group.push(entry);
  }
  const other = groups.get('other');
  groups.delete('other');
  if (other !== undefined) groups.set('other', other);
  return [...groups].map(([category, entries]) => `${category}: ${entries.join(', ')}`).join('; ');
}
