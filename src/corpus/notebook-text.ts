import { z } from 'zod';

// nbformat 4 keeps a cell's source as a string or a list of lines; nbformat 3 keeps cells under worksheets.
const sourceSchema = z.union([z.string(), z.array(z.string())]);
const cellSchema = z.looseObject({ cell_type: z.string(), source: sourceSchema.optional(), input: sourceSchema.optional() });
const notebookSchema = z.looseObject({
  cells: z.array(cellSchema).optional(),
  worksheets: z.array(z.looseObject({ cells: z.array(cellSchema) })).optional(),
});

/** The prose and the code of a Jupyter notebook. */
export interface NotebookText {
  /** The markdown cells, in order, separated by blank lines. */
  readonly plan: string;
  /** The code cells, in order, separated by blank lines; outputs are dropped. */
  readonly code: string;
}

/** Splits the JSON text of an `.ipynb` notebook into its markdown and code cells; throws an `Error` saying why it is not one. */
export function parseNotebook(text: string): NotebookText {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON: ${(error as Error).message}`);
  }
  const parsed = notebookSchema.safeParse(json);
  const cells = parsed.success ? (parsed.data.cells ?? parsed.data.worksheets?.flatMap((sheet) => sheet.cells)) : undefined;
  if (cells === undefined) throw new Error('not a Jupyter notebook (no cells)');
  const plan: string[] = [];
  const code: string[] = [];
  for (const cell of cells) {
    const source = cell.source ?? cell.input ?? '';
    const joined = (Array.isArray(source) ? source.join('') : source).trim();
    if (joined === '') continue;
    if (cell.cell_type === 'markdown') plan.push(joined);
    else if (cell.cell_type === 'code') code.push(joined);
  }
  return { plan: plan.join('\n\n'), code: code.join('\n\n') };
}
