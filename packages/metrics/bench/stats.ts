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

/** Milliseconds taken by `run` and the CPU milliseconds the process spent meanwhile (user + system), with its result. */
export function timedWithCpu<T>(run: () => T): [T, number, number] {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const result = run();
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return [result, wall, (used.user + used.system) / 1000];
}

/** "52.0 ms (target < 60 ms, met)" or "… missed by 13 %": a figure beside the target it is held to. */
export function againstTarget(value: number, target: number): string {
  const verdict = value < target ? "met" : `missed by ${Math.round((100 * (value - target)) / target)} %`;
  return `${ms(value)} (target < ${target} ms, ${verdict})`;
}

/** "2.71 (bar ≤ 2.0, missed by 36 %)": a ratio of two figures beside the bar it is held to. */
export function againstRatioBar(value: number, bar: number): string {
  const verdict = value <= bar ? "met" : `missed by ${Math.round((100 * (value - bar)) / bar)} %`;
  return `${value.toFixed(2)} (bar ≤ ${bar}, ${verdict})`;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const peakRssMiB = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
