/**
 * How many of the latest earlier episodes the rubric judge compares line by line: against every earlier episode
 * judging would be quadratic in the run, and the latest ones are the likely bases.
 */
export const similarityWindow = 64;
