import { z } from 'zod';
import type { RandomSource } from '../random/random-source.js';
import type { NoveltySource } from './novelty-source.js';

/** True for an object that has every method in `names` (how options recognise injected collaborators). */
export function hasMethods(...names: string[]): (value: unknown) => boolean {
  return (value) =>
    value !== null && typeof value === 'object' && names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');
}

/** An injected `NoveltySource`. */
export const NoveltySourceSchema = z.custom<NoveltySource>(
  hasMethods('assess', 'assessment', 'observe'),
  'expected a NoveltySource (assess(), assessment() and observe())',
);

/** An injected function, e.g. a `RandomSource` or a confirmation callback. */
export function functionSchema<Fn extends (...args: never[]) => unknown>(what: string) {
  return z.custom<Fn>((value) => typeof value === 'function', `expected ${what} (a function)`);
}

/** An injected `RandomSource`. */
export const RandomSourceSchema = functionSchema<RandomSource>('a RandomSource');
