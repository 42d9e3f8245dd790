/**
 * Scores are shown with a fixed number of decimals so columns line up; an
 * undefined measure (e.g. a precision with no predictions) is shown as "n/a",
 * never as 0, because the engine reports it as undefined rather than zero.
 */
export function formatScore(value: number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "n/a";
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "−∞";
  const text = Math.abs(value) >= 1e5 ? value.toExponential(2) : value.toFixed(digits);
  return text.replace(/^-/, "−");
}

/** `[0.7012, 0.7311]`, for confidence intervals. */
export function formatInterval(lower: number | null | undefined, upper: number | null | undefined, digits = 4): string {
  if (lower === null || lower === undefined || upper === null || upper === undefined) return "";
  return `[${formatScore(lower, digits)}, ${formatScore(upper, digits)}]`;
}

/**
 * An interval beside its score: `±0.019` when it is symmetric at 3 decimals and contains the
 * score, else `[0.821, 0.859]` (a ± would hide an interval that is lopsided or misses its score).
 */
export function formatIntervalBeside(value: number, lower: number, upper: number, excluded: boolean): string {
  const above = formatScore(upper - value, 3);
  return !excluded && above === formatScore(value - lower, 3) ? `±${above}` : formatInterval(lower, upper, 3);
}

/** Human file sizes for upload limits: 50 MB, 512 kB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} kB`;
  return `${bytes} B`;
}
