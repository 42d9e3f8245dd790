import { describe, expect, it } from "vitest";
import { niceTicks, progressChartLayout } from "./progress-chart";

const minute = (m: number) => Date.UTC(2026, 10, 20, 10, m);

describe("progress chart layout", () => {
  it("draws a step at each improvement and keeps the line flat to the end of the axis", () => {
    const layout = progressChartLayout(
      [
        {
          team: "Owl",
          steps: [
            { at: minute(0), value: 0.5 },
            { at: minute(30), value: 0.9 },
          ],
        },
      ],
      [],
      minute(60),
    );
    const { left, right, top, bottom } = layout.plot;
    const [line] = layout.lines;
    // starts at the left edge, moves right to minute 30 (half way), steps up, runs to the right edge
    const mid = Math.round(((left + right) / 2) * 10) / 10;
    expect(line!.path).toMatch(new RegExp(`^M${left},[\\d.]+H${mid}V[\\d.]+H${right}$`));
    const [, y0, y1] = /^M[\d.]+,([\d.]+)H[\d.]+V([\d.]+)/.exec(line!.path)!.map(Number);
    expect(y1).toBeLessThan(y0!); // a higher value is drawn higher
    expect(y0).toBeLessThan(bottom);
    expect(y1).toBeGreaterThan(top);
    expect(line!.last).toEqual({ x: mid, y: y1 });
  });

  it("spans the baselines too, and keeps every tick inside the plot", () => {
    const layout = progressChartLayout(
      [{ team: "A", steps: [{ at: minute(5), value: 0.6 }] }],
      [{ name: "Majority", value: 0.2 }],
      minute(10),
    );
    const [line] = layout.lines;
    const lineY = Number(/,([\d.]+)/.exec(line!.path)![1]);
    expect(layout.baselines[0]!.y).toBeGreaterThan(lineY);
    expect(layout.baselines[0]!.y).toBeLessThanOrEqual(layout.plot.bottom);
    for (const t of layout.yTicks) {
      expect(t.y).toBeGreaterThanOrEqual(layout.plot.top);
      expect(t.y).toBeLessThanOrEqual(layout.plot.bottom);
    }
    expect(layout.xTicks.map((t) => t.at)).toEqual([minute(5), minute(10)]);
  });

  it("gives a single point a visible scale instead of dividing by zero", () => {
    const layout = progressChartLayout([{ team: "A", steps: [{ at: minute(5), value: 0.6 }] }], [], minute(5));
    expect(layout.lines[0]!.path).not.toContain("NaN");
    expect(layout.yTicks.length).toBeGreaterThan(0);
  });
});

describe("nice ticks", () => {
  it("picks round steps inside the range", () => {
    expect(niceTicks(0.43, 0.97)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9]);
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
});
