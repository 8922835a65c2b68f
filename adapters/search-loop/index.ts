/**
 * What the search-loop adapters share: the operator and evaluation contracts (`OperatorProposal`,
 * `NodeEvaluation`), the budget of a step (`StepBudgetSchema`), the tell side of a shaped selector (`shapingHooksOf`) and proposing under the novelty gate
 * (`admitProposal`).
 */
export { isBuggy, type NodeEvaluation, type NodeEvaluator, type OperatorProposal, type ProposedNode } from './operator-proposal.js';
export { shapingHooksOf, type ShapingHooks } from './shaping-hooks.js';
export { admitProposal, type AdmittedProposal } from './admit-proposal.js';
export { StepBudgetSchema } from './step-budget.js';
