import type { AgentNode, AgentProposal } from './bench-agent.js';

/** What an operator decided, before the book renders it: everything of a proposal but its text and place. */
export type ProposalFields<Config> = Omit<AgentProposal<Config>, 'config' | 'plan' | 'code' | 'episode' | 'directive'>;

/** A simulated agent's record of its proposals: see `createProposalBook`. */
export interface ProposalBook<Config> {
  readonly proposals: AgentProposal<Config>[];
  /** Renders a configuration, appends a synthetic bug's crash to the code, and records the proposal. */
  propose(config: Config, fields: ProposalFields<Config>, directive: string | undefined): Promise<{ plan: string; code: string }>;
  /** The latest proposal with this code. */
  proposalOf(code: string): AgentProposal<Config> | undefined;
  /** The proposal behind a parent node; throws for a node another agent made. */
  parentOf(parent: AgentNode): AgentProposal<Config>;
}

/**
 * The bookkeeping both simulated agents share: proposals in call order, and the way back from a node's code to
 * the configuration behind it. A synthetic bug is rendered as the script crashing after its last line, so the code
 * of a buggy proposal differs from its fixed version only there.
 */
export function createProposalBook<Config>(
  agentName: string,
  render: (config: Config) => { plan: string; code: string },
): ProposalBook<Config> {
  const proposals: AgentProposal<Config>[] = [];
  const byCode = new Map<string, AgentProposal<Config>>();
  return {
    proposals,
    async propose(config, fields, directive) {
      const { plan, code: script } = render(config);
      const code =
        fields.bug === null
          ? script
          : `${script}\n# the script stops here with:\n# ${fields.bug}\nraise RuntimeError(${JSON.stringify(fields.bug)})\n`;
      const proposal: AgentProposal<Config> = { ...fields, config, plan, code, episode: proposals.length, directive: directive ?? null };
      proposals.push(proposal);
      // The latest proposal with this code: the same configuration and bug, made the way the last operator made it.
      byCode.set(code, proposal);
      return { plan, code };
    },
    proposalOf: (code) => byCode.get(code),
    parentOf(parent) {
      const proposal = byCode.get(parent.code);
      if (proposal === undefined) throw new Error(`${agentName}: a parent node was not proposed by this agent`);
      return proposal;
    },
  };
}

/** The keys of a lexicon whose patterns match a directive's prose (lower-cased, hyphens and underscores as spaces). */
export function namedIn<Key extends string>(lexicon: Readonly<Record<Key, readonly RegExp[]>>, directive: string | undefined): Set<Key> {
  const named = new Set<Key>();
  if (directive === undefined) return named;
  const text = directive.toLowerCase().replace(/[-_]/g, ' ');
  for (const [key, patterns] of Object.entries(lexicon) as [Key, readonly RegExp[]][]) {
    if (patterns.some((pattern) => pattern.test(text))) named.add(key);
  }
  return named;
}

/**
 * The phrases by which a simulated agent reads a directive as asking for a new component on top of the best
 * rather than a new idea: the agent's own reading of plain English, not boden's wording (any "keep the best …
 * add …" or "on top of" phrasing counts).
 */
const componentAsks: readonly RegExp[] = [
  /\bkeep the (current )?best\b/,
  /\bon top of\b/,
  /\badd (one|a|another) (new )?(component|step)\b/,
];

/** True when a directive's prose asks for a component added to the best so far (`componentAsks`, read as `namedIn` reads). */
export function asksForComponent(directive: string | undefined): boolean {
  return namedIn({ component: componentAsks }, directive).has('component');
}
