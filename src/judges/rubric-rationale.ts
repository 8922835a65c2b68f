import type { RubricDecision } from './rubric-decision.js';
import type { RubricEvidence } from './rubric-evidence.js';

const listed = (items: readonly string[], limit = 5): string =>
  items.length <= limit ? items.join(', ') : `${items.slice(0, limit).join(', ')} and ${items.length - limit} more`;
const episode = (id: string | null): string => (id === null ? 'an earlier episode' : `episode ${id}`);
const quoted = (name: string | null): string => JSON.stringify(name ?? '');

/**
 * One or two sentences naming the evidence behind `decision`: the rule's reason first, then the supporting
 * continuous evidence (the distance to the nearest earlier episode).
 */
export function explainRubricDecision(decision: RubricDecision, evidence: RubricEvidence): string {
  const distance = `nearest earlier episode at distance ${decision.distance.toFixed(2)}`;
  const reference = episode(evidence.referenceId);
  switch (decision.rule) {
    case 'first-episode':
      return 'Exploratory by convention: there is no earlier episode to compare against.';
    case 'seed-run':
      return `Routine: marked as a re-run or aggregation over seeds of ${reference}.`;
    case 'same-code':
      return `Routine: the same normalised code as ${episode(evidence.sameCodeAs)}.`;
    case 'numbers-only':
      return `Routine: the code differs from ${episode(evidence.numbersOnlyChangeOf)} only in numeric literals (hyper-parameter values, sizes or seeds).`;
    case 'reporting-only':
      return `Routine: against ${reference} only logging, plotting or saving lines changed.`;
    case 'same-plan':
      return `Routine: the same plan as ${episode(evidence.samePlanAs)}, implemented again; ${distance}.`;
    case 'setting-change': {
      const replaced = listed(
        (evidence.settingChange?.replacements ?? []).map(
          ({ from, to }) => `${from === '' ? '(nothing)' : from} → ${to === '' ? '(nothing)' : to}`,
        ),
      );
      return evidence.settingChange?.kind === 'component'
        ? `Combinational at most: the program of ${reference} with a component swapped for one of the same kind (${replaced}); ${distance}.`
        : `Routine: the program of ${reference} with a setting changed (${replaced}); ${distance}.`;
    }
    case 'transformational': {
      const reframing = [
        ...evidence.newParadigms.map((paradigm) => `${paradigm} models`),
        ...evidence.newModalities.map((modality) => `${modality} input`),
        ...evidence.newLearningParadigms,
      ];
      return `Transformational: reframes the problem with ${listed(reframing)}, new relative to all earlier episodes; ${distance}.`;
    }
    case 'sweep-new-mechanism':
      return `Exploratory: the sweep of ${quoted(evidence.sweepName)} switches on a mechanism new to the run (${listed(evidence.switchedOnMechanisms)}).`;
    case 'sweep':
      return `Routine: a sweep of the hyper-parameter ${quoted(evidence.sweepName)} that brings no new mechanism; ${distance}.`;
    case 'plain-setting-ablation':
      return evidence.ablationName === null
        ? `Routine: the code loops over values of the plain setting ${quoted(evidence.settingLoop)} and brings no new mechanism; ${distance}.`
        : `Routine: the ablation ${quoted(evidence.ablationName)} varies a plain setting of the method and brings no new mechanism; ${distance}.`;
    case 'near-duplicate':
      return `Routine: no new mechanism, and the ${distance} is below the routine threshold.`;
    case 'recombination': {
      const share = `${evidence.borrowedLines} of ${evidence.addedLines} added lines come from earlier episodes other than ${reference}`;
      return decision.score === 3
        ? `Combinational and exploratory: ${share}, and it brings new concepts (${listed(evidence.newMechanisms)}).`
        : `Combinational: ${share}; no concept is new to the run.`;
    }
    case 'ablation': {
      const concepts = evidence.newMechanisms.length > 0 ? ` (new to the run: ${listed(evidence.newMechanisms)})` : '';
      return `Exploratory: the ablation ${quoted(evidence.ablationName)} removes or replaces a component to probe it${concepts}; ${distance}.`;
    }
    case 'new-mechanism':
      return `Exploratory: concepts new to the run within the established framework (${listed(evidence.newMechanisms)}); ${distance}.`;
    case 'new-code':
      return `Exploratory: changes the method against ${reference} (${evidence.addedLines} lines added, ${evidence.removedLines} removed; ${Math.round(evidence.novelLineFraction * 100)}% of its lines are new to the run) without a named new concept; ${distance}.`;
  }
}
