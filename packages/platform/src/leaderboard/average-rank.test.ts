import { describe, expect, it } from "vitest";
import { averageRanks } from "./average-rank.ts";
import type { LeaderboardMeasure, LeaderboardRow } from "./board-types.ts";

const F1: LeaderboardMeasure = { key: "f1", label: "F1", higherIsBetter: true };
const LOSS: LeaderboardMeasure = { key: "loss", label: "Loss", higherIsBetter: false };

function row(rank: number | null, values: Record<string, number | null>, isBaseline = false): LeaderboardRow {
  return {
    rank,
    teamName: `t${rank}`,
    teamId: isBaseline ? null : `team-${rank}`,
    run: null,
    submissionId: `s${Math.random()}`,
    submittedAt: new Date(0),
    isBaseline,
    goldVersion: 1,
    scores: Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { value, ciLow: null, ciHigh: null }])),
    tie: null,
  };
}

describe("average rank", () => {
  it("averages each measure's rank in its own direction", () => {
    const rows = [row(1, { f1: 0.9, loss: 0.3 }), row(2, { f1: 0.8, loss: 0.1 }), row(3, { f1: 0.7, loss: 0.2 })];
    // f1 ranks 1, 2, 3; loss (lower is better) ranks 3, 1, 2
    expect(averageRanks(rows, [F1, LOSS])).toEqual([2, 1.5, 2.5]);
  });

  it("shares a rank between equal values, as the board's competition ranks do (1, 1, 3)", () => {
    const rows = [row(1, { f1: 0.9, loss: 0.2 }), row(1, { f1: 0.9, loss: 0.2 }), row(3, { f1: 0.5, loss: 0.1 })];
    // f1: 1, 1, 3; loss: 2, 2, 1
    expect(averageRanks(rows, [F1, LOSS])).toEqual([1.5, 1.5, 2]);
  });

  it("ranks an undefined value last, shared with other undefined values", () => {
    const rows = [row(1, { f1: 0.9, loss: null }), row(2, { f1: 0.8, loss: null }), row(3, { f1: 0.7, loss: 0.5 })];
    // loss: 0.5 ranks 1, the two undefined share rank 2
    expect(averageRanks(rows, [F1, LOSS])).toEqual([1.5, 2, 2]);
  });

  it("leaves baselines and unranked rows out, and ranks the others without them", () => {
    const rows = [row(1, { f1: 0.9, loss: 0.1 }), row(null, { f1: 0.95, loss: 0.05 }, true), row(2, { f1: 0.5, loss: 0.4 })];
    expect(averageRanks(rows, [F1, LOSS])).toEqual([1, null, 2]);
  });

  it("is null for every row when no measure is shown", () => {
    expect(averageRanks([row(1, { f1: 0.9 })], [])).toEqual([null]);
  });
});
