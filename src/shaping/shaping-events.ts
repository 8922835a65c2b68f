import type { ListenerErrorEventPayload } from '../events/novelty-events.js';
import type { ExplorationSettings, SelectionAction } from './selector.js';

/** Payload of `node-scored`: a new node was told to shaping (before evaluation) and scored. */
export interface NodeScoredEvent {
  readonly id: string;
  /** Novelty in [0, 1] by novelty-source id. */
  readonly novelty: Readonly<Record<string, number>>;
  /** False when a middleware rejected the node. */
  readonly accepted: boolean;
}

/** One candidate's value before and after the middleware shaped it. */
export interface ShapedValue {
  readonly id: string;
  readonly before: number | null;
  readonly after: number | null;
}

/** Payload of `selection-made`: what the policy chose, and the candidates' values before and after shaping. */
export interface SelectionMadeEvent {
  /** 1 for the wrapped selector's first call, then 2, 3, ... */
  readonly selection: number;
  readonly action: SelectionAction;
  readonly chosen: readonly string[];
  /** The candidates the policy saw, with their values before and after shaping. */
  readonly values: readonly ShapedValue[];
  /** Candidates a middleware removed (rejected by the novelty gate). */
  readonly removed: readonly string[];
  readonly exploration: ExplorationSettings;
  readonly directive?: string;
}

/** Why `adaptiveExploration` switched mode. */
export type ModeChangeReason = 'stagnation' | 'new-best' | 'novelty-recovered';

/** Payload of `mode-changed`: the exploration schedule switched between exploit and explore. */
export interface ModeChangedEvent {
  readonly from: 'exploit' | 'explore';
  readonly to: 'exploit' | 'explore';
  readonly reason: ModeChangeReason;
  /** Valid episodes observed so far, this one included. */
  readonly episode: number;
  /** Exponential moving average of P-creativity after this episode. */
  readonly averageNovelty: number;
  readonly threshold: number;
  /** Episodes since the best value last improved. */
  readonly episodesSinceBest: number;
  readonly bestValue: number | null;
}

/** Why the novelty gate rejected a candidate. */
export type RejectionReason = 'near-duplicate' | 'confirmed-duplicate' | 'unparseable-confirmation' | 'confirmation-failed';

/** Payload of `candidate-rejected`: the novelty gate rejected a node before its evaluation. */
export interface CandidateRejectedEvent {
  readonly id: string;
  readonly source: string;
  readonly novelty: number;
  readonly threshold: number;
  readonly reason: RejectionReason;
  /** Rejections in a row, this one included. */
  readonly consecutiveRejections: number;
  /** True when the host should propose again. */
  readonly resample: boolean;
  /** Ids of the closest earlier episodes, when the source knows them. */
  readonly nearest: readonly string[];
}

/** Payload of `cell-discovered`: a quality-diversity archive got its first elite in a cell. */
export interface CellDiscoveredEvent {
  /** The cell's key (its axis values joined). */
  readonly cell: string;
  readonly values: readonly string[];
  /** The node that filled it, and its value. */
  readonly id: string;
  readonly value: number;
  /** Cells filled so far, this one included. */
  readonly cells: number;
}

/** Payload of `elite-replaced`: a better node took a cell of a quality-diversity archive from its elite. */
export interface EliteReplacedEvent {
  readonly cell: string;
  readonly previousId: string;
  readonly previousValue: number;
  readonly id: string;
  readonly value: number;
}

/** Events of a shaped selector, by name. A listener that throws is reported as `listener-error`, never rethrown. */
export type ShapingEvents = {
  'node-scored': [NodeScoredEvent];
  'selection-made': [SelectionMadeEvent];
  'mode-changed': [ModeChangedEvent];
  'candidate-rejected': [CandidateRejectedEvent];
  'cell-discovered': [CellDiscoveredEvent];
  'elite-replaced': [EliteReplacedEvent];
  'listener-error': [ListenerErrorEventPayload];
};

/** The events that report shaping (every one but `listener-error`): what a service or a graph forwards to its followers. */
export const shapingEventNames = [
  'node-scored',
  'selection-made',
  'mode-changed',
  'candidate-rejected',
  'cell-discovered',
  'elite-replaced',
] as const satisfies readonly Exclude<keyof ShapingEvents, 'listener-error'>[];
