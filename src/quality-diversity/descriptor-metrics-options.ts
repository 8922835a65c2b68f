import { z } from 'zod';
import { hasMethods } from '../shaping/collaborator-schemas.js';
import type { Descriptors } from './descriptors.js';

/** Options of `descriptorMetrics`; the defaults live here. */
export const DescriptorMetricsOptionsSchema = z
  .object({
    /** Puts a candidate into a cell; default `conceptDescriptors()`. */
    descriptors: z.custom<Descriptors>(hasMethods('describe'), 'expected Descriptors (describe())').optional(),
    /** Prefix of each metric's name, before the axis name with `-` as `_` (`boden_paradigm`): a Python identifier. */
    prefix: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'letters, digits and "_", not starting with a digit')
      .default('boden_'),
  })
  .strict();

/** Options of `descriptorMetrics` as callers write them. */
export type DescriptorMetricsOptions = z.input<typeof DescriptorMetricsOptionsSchema>;
