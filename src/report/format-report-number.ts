/**
 * A number as a report shows it: integers as they are; other numbers with three decimals below 1000 in
 * magnitude, rounded to a whole number above it, and in exponent notation (three significant digits) when
 * smaller than 0.001, so tiny differences do not print as 0.000. Null, NaN and infinities print as `–`.
 */
export function formatReportNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  if (Number.isInteger(value)) return String(value);
  if (Math.abs(value) < 0.001) return value.toExponential(2);
  const fixed = value.toFixed(3);
  // Checked after rounding, so 999.9996 prints as 1000, not 1000.000.
  return Math.abs(Number(fixed)) >= 1000 ? String(Math.round(value)) : fixed;
}
