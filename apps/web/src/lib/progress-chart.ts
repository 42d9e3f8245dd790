/** One team's best-so-far steps, as the chart takes them (times in ms since the epoch). */
export interface ChartSeries {
  team: string;
  steps: readonly { at: number; value: number }[];
}

export interface ChartLine {
  team: string;
  /** An SVG path: a step at each improvement, flat until the end of the time axis. */
  path: string;
  /** The last step's point, where the line's marker sits. */
  last: { x: number; y: number };
}

export interface ProgressChartLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  lines: ChartLine[];
  baselines: { name: string; y: number }[];
  yTicks: { y: number; value: number }[];
  xTicks: { x: number; at: number }[];
}

/** Drawing boxes near the sizes they are shown at (a phone's card, a desktop's), so labels keep their size. */
export const CHART_SIZES = { narrow: { width: 340, height: 220 }, wide: { width: 640, height: 280 } } as const;

/** Ticks at the smallest round step (1, 2 or 5 × 10^k) that gives at most `count + 1` of them over [min, max]. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  const power = 10 ** Math.floor(Math.log10((max - min) / count));
  const within = (step: number) => {
    const ticks: number[] = [];
    for (let t = Math.ceil(min / step - 1e-9) * step; t <= max + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
    return ticks;
  };
  for (const m of [0.1, 0.2, 0.5, 1, 2, 5, 10]) {
    const ticks = within(m * power);
    if (ticks.length <= count + 1) return ticks;
  }
  return [min, max];
}

/**
 * Where everything of the progress chart goes, in viewBox units: the value axis spans every step and
 * baseline (padded, so a line never sits on the frame), the time axis runs from the first step to
 * `until` (the phase's end, or now), and each team's line steps at its improvements and stays flat
 * to the end. Higher values are drawn higher whatever the measure's direction; the axis says which
 * way is better.
 */
export function progressChartLayout(
  series: readonly ChartSeries[],
  baselines: readonly { name: string; value: number }[],
  until: number,
  size: { width: number; height: number } = CHART_SIZES.wide,
): ProgressChartLayout {
  const PLOT = { left: 44, top: 12, right: size.width - 10, bottom: size.height - 26 };
  const values = [...series.flatMap((s) => s.steps.map((p) => p.value)), ...baselines.map((b) => b.value)];
  const times = series.flatMap((s) => s.steps.map((p) => p.at));
  let low = values.length ? Math.min(...values) : 0;
  let high = values.length ? Math.max(...values) : 1;
  const pad = high - low < 1e-12 ? 0.05 : (high - low) * 0.08;
  low -= pad;
  high += pad;
  const start = times.length ? Math.min(...times) : until - 1;
  const end = Math.max(until, ...times, start + 60_000);
  const x = (at: number) => PLOT.left + ((at - start) / (end - start)) * (PLOT.right - PLOT.left);
  const y = (value: number) => PLOT.bottom - ((value - low) / (high - low)) * (PLOT.bottom - PLOT.top);
  const r = (n: number) => Math.round(n * 10) / 10;
  const lines = series
    .filter((s) => s.steps.length > 0)
    .map((s) => {
      const [first, ...rest] = s.steps;
      let path = `M${r(x(first!.at))},${r(y(first!.value))}`;
      for (const step of rest) path += `H${r(x(step.at))}V${r(y(step.value))}`;
      path += `H${r(x(end))}`;
      const lastStep = s.steps.at(-1)!;
      return { team: s.team, path, last: { x: r(x(lastStep.at)), y: r(y(lastStep.value)) } };
    });
  return {
    width: size.width,
    height: size.height,
    plot: PLOT,
    lines,
    baselines: baselines.map((b) => ({ name: b.name, y: r(y(b.value)) })),
    yTicks: niceTicks(low, high).map((value) => ({ y: r(y(value)), value })),
    xTicks: [start, end].map((at) => ({ x: r(x(at)), at })),
  };
}
