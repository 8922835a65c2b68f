import { splitIdentifier } from '../embedder/split-identifier.js';

/**
 * Words that name a plain setting of an existing method (a hyper-parameter, a size, a data knob) rather than a
 * mechanism: sweeping one is routine under the rubric ("changing hyper-parameters (learning rate, epochs, number of
 * trees, batch size, a sweep's grid values)"). Mechanisms (weight decay, dropout, warm-up, an optimiser) are
 * recognised by the concept vocabulary instead and take precedence.
 */
const plainSettingWords = new Set([
  'lr',
  'learning',
  'rate',
  'rates',
  'epoch',
  'epochs',
  'batch',
  'batches',
  'size',
  'sizes',
  'width',
  'depth',
  'hidden',
  'units',
  'neurons',
  'dim',
  'dims',
  'dimension',
  'dimensions',
  'dimensionality',
  'heads',
  'components',
  'capacity',
  'strength',
  'level',
  'levels',
  'temperature',
  'beta',
  'beta1',
  'beta2',
  'eps',
  'epsilon',
  'steps',
  'iterations',
  'iters',
  'samples',
  'sample',
  'estimators',
  'trees',
  'leaves',
  'seed',
  'seeds',
  'chunk',
  'count',
  'number',
  'num',
  'max',
  'min',
  'patience',
  'threshold',
  'ratio',
  'fraction',
  'scale',
  'factor',
  'frequency',
  'length',
  'window',
  'lambda',
  'alpha',
  'gamma',
  'coefficient',
  'magnitude',
  'amount',
  'budget',
  'resolution',
]);

// Words that make a name a mechanism even when a setting word is present ("learning rate scheduler").
const mechanismWords = new Set([
  'scheduler',
  'schedule',
  'warmup',
  'optimizer',
  'optimiser',
  'loss',
  'objective',
  'regularizer',
  'regulariser',
  'augmentation',
  'activation',
  'initialization',
  'initialisation',
  'normalization',
  'normalisation',
  'attention',
  'removal',
  'remove',
  'without',
  'no',
  'replace',
  'replacement',
  'policy',
  'strategy',
  'mechanism',
]);

/**
 * True when an AI-Scientist-v2 hyper-parameter or ablation name (`hidden_layer_size`, `Network Width Ablation`,
 * `ADAM_BETA1`) names a plain setting and no mechanism word: a sweep of it is routine unless it brings a new
 * concept.
 */
export function namesPlainSetting(name: string): boolean {
  const words = splitIdentifier(name);
  if (words.some((word) => mechanismWords.has(word))) return false;
  return words.some((word) => plainSettingWords.has(word));
}
