import type { ModelConfigOf } from '../model-config.js';
import { argmax, type Model, type ModelContext } from './model.js';

/**
 * A small ensemble on shared preprocessing, as scikit-learn's `VotingRegressor` / `VotingClassifier(voting=
 * 'hard')`: members' predictions are averaged, or their classes voted on (ties to the smallest class index).
 * `create` builds each member, with its own seed; freeing the ensemble frees every member.
 */
export function createEnsembleModel(
  config: ModelConfigOf<'ensemble'>,
  context: ModelContext,
  create: (member: ModelConfigOf<'ensemble'>['members'][number], context: ModelContext) => Model,
): Model {
  const members: Model[] = [];
  const free = () => {
    for (const member of members.splice(0)) member.free();
  };
  return {
    fit(features, target) {
      free();
      config.members.forEach((member, index) => {
        const model = create(member, { ...context, seed: context.seed + 7919 * (index + 1) });
        members.push(model);
        model.fit(features, target);
      });
    },
    predict(features) {
      const predictions = members.map((member) => member.predict(features));
      const combined = new Float64Array(features.rows);
      const votes = new Float64Array(Math.max(1, context.classCount));
      for (let row = 0; row < features.rows; row++) {
        if (context.kind === 'regression') {
          combined[row] = predictions.reduce((sum, member) => sum + member[row]!, 0) / predictions.length;
        } else {
          votes.fill(0);
          for (const member of predictions) votes[member[row]!]! += 1;
          combined[row] = argmax(votes);
        }
      }
      return combined;
    },
    free,
  };
}
