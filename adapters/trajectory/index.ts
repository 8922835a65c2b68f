/**
 * Trajectory importers: AIDE `journal.json` v2, AI-Scientist-v2 stage journals, AIRA-dojo `journal.jsonl`,
 * OpenEvolve checkpoints and evolution traces (read by `importTrajectory`), ShinkaEvolve's `programs.sqlite` and
 * boden's own episode JSON lines, with format detection.
 */
export { importAideJournal } from './aide-journal-importer.js';
export { importAiScientistV2Journal } from './ai-scientist-v2-importer.js';
export { importAiraDojoJournal } from './aira-dojo-importer.js';
export { importOpenEvolveCheckpoint, isOpenEvolveCheckpoint } from './openevolve-importer.js';
export { importShinkaSqlite } from './shinka-sqlite-importer.js';
export { detectTrajectoryFormat } from './detect-trajectory-format.js';
export { importTrajectory, expandTrajectoryInputs, type ImportTrajectoryOptions } from './import-trajectory.js';
export type { ImportOptions } from './import-options.js';
export { trajectoryReader } from './trajectory-reader.js';
