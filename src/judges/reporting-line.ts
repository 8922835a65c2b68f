import { numberMask } from './code-lines.js';

// Calls and names that only report, plot or persist results: changing them changes what is logged or saved.
// (`experiment_data` is AI-Scientist-v2's results record.)
const reportingStart =
  /^(?:print|pprint|logging|logger|log|warnings|tqdm|wandb|mlflow|writer|tensorboard|plt|sns|fig|ax|axes|experiment_data)\b/;
const reportingCall =
  /\b(?:np\.savez?|numpy\.savez?|torch\.save|json\.dumps?|pickle\.dump|joblib\.dump|to_csv|to_json|to_pickle|savefig|makedirs|write|add_scalars?|log_metrics?)\s*\(/;
// Imports of modules that only serve reporting, files or timing.
const reportingImport =
  /^(?:import|from) (?:json|os|sys|time|datetime|pickle|joblib|logging|warnings|pprint|csv|pathlib|shutil|matplotlib|seaborn|wandb|mlflow|tqdm|tensorboard)\b/;
const stringLiteral = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g;
const structureOnly = new RegExp(`^[\\s:;,()\\[\\]{}${numberMask}]*$`);

/**
 * True when a masked code line (see `codeLines`) only reports or stores results: a print or logging call, a plot,
 * a save, an import of a reporting or file module, an append to a results record, or a results-dictionary entry
 * (`"metrics": {"train": [], "val": []},`). The rubric counts changing what is logged or saved as routine.
 */
export function isReportingLine(line: string): boolean {
  if (reportingStart.test(line) || reportingCall.test(line) || reportingImport.test(line)) return true;
  // A string standing alone (a docstring) or keyed to no code (a results-record skeleton).
  return /^["']/.test(line) && structureOnly.test(line.replace(stringLiteral, ''));
}

/** True for a line of brackets and separators only (`}`, `),`, `]`): layout, neither routine nor novel. */
export function isStructureLine(line: string): boolean {
  return structureOnly.test(line);
}
