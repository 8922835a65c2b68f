/**
 * The core commands' descriptions, one place for both the commands and the placeholders `runBoden` lists in
 * `boden --help` without loading every command's module (their imports are most of the CLI's start-up).
 */
export const commandDescriptions = {
  score: 'import trajectories and print, per run, every episode with its score, impact, failed attempts and novelty metrics',
  validate: 'correlate every registered metric and judge with reference P-creativity labels (Spearman ρ, bootstrap 95% CI)',
  'fit-judge': "fit the rubric judge's thresholds on reference labels; report in-sample and leave-one-run-out ρ with 95% CIs",
  export: "convert trajectories of any supported format to boden's episode JSON lines (runs, episodes, infeasible attempts)",
  corpus: "build corpora of a task's solutions for H-creativity (see `boden hscore`)",
  hscore:
    "score every episode's H-creativity: the rubric judge (0-4) against its k nearest corpus solutions, and its distance to the corpus",
  report: 'judge every episode on the 0-4 rubric (P-creativity) and write an HTML report of P-creativity and impact over the run',
  serve: 'serve runs over HTTP/JSON on loopback: score, gate and shape the nodes of a search loop in any language (Python: clients/python)',
} as const;

/** A core command's name. */
export type CoreCommandName = keyof typeof commandDescriptions;
