/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Milliseconds taken by `run`, with its result. */
export function timed<T>(run: () => T): [T, number] {
  const start = process.hrtime.bigint();
  const result = run();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const peakRssMiB = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
