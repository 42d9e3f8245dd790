import { describe, expect, it } from "vitest";
import type { BoardEntry } from "../load-board-entries.ts";
import { progressSeries } from "./progress-series.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute));
let n = 0;
function entry(team: string | null, minute: number, primary: number | null, isBaseline = false): BoardEntry {
  n += 1;
  return {
    submissionId: `s${n}`,
    teamId: team,
    teamName: team ?? "Majority",
    isBaseline: isBaseline || team === null,
    submittedAt: at(minute),
    goldVersion: 1,
    primary,
    selected: false,
    fileName: "run.tsv",
  };
}
const steps = (s: { steps: { at: Date; value: number }[] }) => s.steps.map((x) => [x.at.getUTCMinutes(), x.value]);

describe("progress series", () => {
  it("steps at each submission that beats the team's best so far, whatever order the entries come in", () => {
    const entries = [entry("A", 30, 0.6), entry("A", 10, 0.5), entry("A", 20, 0.4), entry("A", 40, 0.6), entry("A", 50, 0.7)];
    const { series } = progressSeries(entries, "HIGHER");
    expect(series).toHaveLength(1);
    // 0.4 and the second 0.6 do not improve: no step
    expect(steps(series[0]!)).toEqual([
      [10, 0.5],
      [30, 0.6],
      [50, 0.7],
    ]);
    expect(series[0]!.submissions).toBe(5);
  });

  it("honours a lower-is-better measure: a smaller value is the improvement", () => {
    const entries = [entry("A", 10, 0.5), entry("A", 20, 0.4), entry("A", 30, 0.6), entry("A", 40, 0.1)];
    expect(steps(progressSeries(entries, "LOWER").series[0]!)).toEqual([
      [10, 0.5],
      [20, 0.4],
      [40, 0.1],
    ]);
  });

  it("skips undefined scores and leaves out a team with none defined", () => {
    const entries = [entry("A", 10, null), entry("A", 20, 0.3), entry("B", 5, null)];
    const { series } = progressSeries(entries, "HIGHER");
    expect(series.map((s) => s.team)).toEqual(["A"]);
    expect(steps(series[0]!)).toEqual([[20, 0.3]]);
    expect(series[0]!.submissions).toBe(2);
  });

  it("orders teams by their final best in the measure's direction, earlier first on equal bests", () => {
    const entries = [entry("A", 10, 0.5), entry("B", 5, 0.7), entry("C", 20, 0.7), entry("D", 1, 0.9)];
    expect(progressSeries(entries, "HIGHER").series.map((s) => s.team)).toEqual(["D", "B", "C", "A"]);
    expect(progressSeries(entries, "LOWER").series.map((s) => s.team)).toEqual(["A", "B", "C", "D"]);
  });

  it("turns baselines into levels, not series, and drops an undefined baseline", () => {
    const entries = [entry(null, 0, 0.4), entry("A", 10, 0.5), entry("A", 11, 0.2, true), entry(null, 1, null)];
    const { series, baselines } = progressSeries(entries, "HIGHER");
    expect(series.map((s) => [s.team, s.submissions])).toEqual([["A", 1]]);
    expect(baselines.map((b) => [b.name, b.value])).toEqual([
      ["Majority", 0.4],
      ["A", 0.2],
    ]);
  });

  it("is empty without entries", () => {
    expect(progressSeries([], "HIGHER")).toEqual({ series: [], baselines: [] });
  });
});
