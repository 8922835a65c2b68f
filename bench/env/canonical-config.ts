import { parseOptions } from 'boden';
import { engineersNothing } from './feature-engineering-config.js';
import { PipelineConfigSchema, type PipelineConfig } from './pipeline-config.js';
import { stableJson } from './stable-json.js';

/**
 * Validates a pipeline configuration and fills its defaults; a bad one throws `InvalidOptionsError` naming the
 * setting (a misconfigured agent, not a buggy node). Ensemble members are sorted, since their order changes
 * neither an average nor a vote, and a `features` block that engineers nothing is dropped (it means no block).
 */
export function parsePipelineConfig(input: unknown): PipelineConfig {
  const parsed = parseOptions(PipelineConfigSchema, input, 'PipelineConfig');
  const { features, ...rest } = parsed;
  const config: PipelineConfig = engineersNothing(features) ? rest : parsed;
  if (config.model.family !== 'ensemble') return config;
  const members = [...config.model.members].sort((a, b) => compare(stableJson(a), stableJson(b)));
  return { ...config, model: { ...config.model, members } };
}

/**
 * The canonical key of a configuration: its parsed form as JSON with sorted keys. Two inputs that differ only in
 * key order, member order or spelled-out defaults share a key.
 */
export function canonicalConfigKey(input: unknown): string {
  return stableJson(parsePipelineConfig(input));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
