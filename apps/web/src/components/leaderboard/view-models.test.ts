import { describe, expect, it } from "vitest";
import type { Leaderboard } from "@hierboard/platform";
import { intervalBars, parseSort, toLeaderboardView } from "./to-view";
import { describeMove, divergingColour, toSideBySideView } from "./side-by-side-view";

const score = (value: number | null, ciLow: number | null = null, ciHigh: number | null = null) => ({ value, ciLow, ciHigh });
const row = (
  rank: number | null,
  teamName: string,
  f1: number | null,
  loss: number | null,
  extra: Partial<Leaderboard["rows"][number]> = {},
): Leaderboard["rows"][number] => ({
  rank,
  teamName,
  teamId: rank === null ? null : `t-${teamName}`,
  run: null,
  submissionId: `s-${teamName}`,
  submittedAt: new Date("2026-11-20T10:00:00Z"),
  isBaseline: rank === null,
  goldVersion: 1,
  scores: { "hc.f1": score(f1, f1 === null ? null : f1 - 0.05, f1 === null ? null : f1 + 0.05), "flat.hammingLoss": score(loss) },
  tie: rank === null ? null : { group: 1, tiedWithAbove: rank > 1, pValue: rank > 1 ? 0.4 : null },
  ...extra,
});
const board: Leaderboard = {
  phase: { key: "test", name: "Test", endsAt: new Date("2026-12-01T00:00:00Z"), visibility: "PUBLIC" },
  subtask: { key: "a", name: "A" },
  primaryMeasure: "hc.f1",
  primaryDirection: "HIGHER",
  rule: "BEST",
  finalRuns: null,
  finalRunsBoard: "RUNS",
  hidden: false,
  goldVersions: [1],
  measures: [
    { key: "hc.f1", label: "HC-F1", higherIsBetter: true },
    { key: "flat.hammingLoss", label: "Hamming loss", higherIsBetter: false },
  ],
  showsAverageRank: false,
  rows: [row(1, "Kestrel", 0.9, 0.1), row(2, "Owl", 0.8, 0.05), row(null, "Baseline", 0.5, 0.3), row(3, "Dodo", 0.1, null)],
  sideBySide: {
    measures: [
      { key: "hc.f1", label: "HC-F1", higherIsBetter: true },
      { key: "flat.micro.f1", label: "Flat micro-F1", higherIsBetter: true },
    ],
    rows: [
      { submissionId: "s-Owl", teamName: "Owl", primaryRank: 2, ranks: { "hc.f1": 2, "flat.micro.f1": 1 } },
      { submissionId: "s-Kestrel", teamName: "Kestrel", primaryRank: 1, ranks: { "hc.f1": 1, "flat.micro.f1": 3 } },
      { submissionId: "s-Dodo", teamName: "Dodo", primaryRank: 3, ranks: { "hc.f1": 3, "flat.micro.f1": null } },
    ],
    tau: [
      [1, -0.5],
      [-0.5, 1],
    ],
  },
  ties: { measure: "hc.f1", method: "randomization", resamples: 1000, alpha: 0.05, complete: true, pending: false, supported: true },
  split: null,
  splitInfo: null,
};

describe("leaderboard view", () => {
  it("says which part of a split test set it ranks on and that the counted runs are chosen on the public part", () => {
    const onPrivate: Leaderboard = {
      ...board,
      split: "private",
      splitInfo: { publicFraction: 0.3, privateShown: true },
      rows: [row(1, "Owl", 0.8, 0.05, { publicRank: 2 }), row(2, "Kestrel", 0.9, 0.1, { publicRank: 1 })],
    };
    const view = toLeaderboardView(onPrivate);
    expect(view.split?.part).toBe("private");
    expect(view.split?.sentence).toMatch(/^Scores on the private part of the test set \(70 % of the documents\)/);
    expect(view.counting).toBe("each team's best scored submission, chosen on the public part");
    expect(view.rows.map((r) => [r.teamName, r.rank, r.publicRank])).toEqual([
      ["Owl", 1, 2],
      ["Kestrel", 2, 1],
    ]);
    const whole = toLeaderboardView(board);
    expect(whole.split).toBeNull();
    expect(whole.rows.every((r) => !("publicRank" in r))).toBe(true);
  });

  it("keeps the board's order by default and reports the tie test", () => {
    const view = toLeaderboardView(board);
    expect(view.rows.map((r) => r.teamName)).toEqual(["Kestrel", "Owl", "Baseline", "Dodo"]);
    expect(view.tieTest).toEqual({ measureLabel: "HC-F1", resamples: 1000, alpha: 0.05, complete: true, pending: false });
    expect(view.untestedMeasure).toBeNull();
    expect(
      toLeaderboardView({ ...board, ties: { ...board.ties, measure: "cafa.namespaces.BPO.wfmax", supported: false } }).untestedMeasure,
    ).toBe("wFmax, BPO");
    expect(view.rows[1]!.tie).toEqual({ group: 1, tiedWithAbove: true, pValue: 0.4 });
    expect(view.hiddenUntil).toBeNull();
    expect(view.counting).toBe("each team's best scored submission");
  });

  it("says in the caption that selected final runs count, and what counts for a team that selected none", () => {
    expect(toLeaderboardView({ ...board, finalRuns: 3 }).counting).toBe(
      "each team's selected final runs, up to 3 per team (one row a run); a team that selected none counts with its best 3 runs",
    );
    expect(toLeaderboardView({ ...board, finalRuns: 3, finalRunsBoard: "TEAM_BEST" }).counting).toBe(
      "each team's best run among its selected final runs (up to 3 per team); a team that selected none counts with its best run",
    );
  });

  it("sorts a lower-is-better column best first by default, missing values last", () => {
    const sort = parseSort(board, "flat.hammingLoss", undefined);
    expect(sort).toEqual({ key: "flat.hammingLoss", order: "asc" });
    expect(toLeaderboardView(board, sort).rows.map((r) => r.teamName)).toEqual(["Owl", "Kestrel", "Baseline", "Dodo"]);
    expect(toLeaderboardView(board, { key: "flat.hammingLoss", order: "desc" }).rows.map((r) => r.teamName)).toEqual([
      "Baseline",
      "Kestrel",
      "Owl",
      "Dodo",
    ]);
    expect(parseSort(board, "hc.f1", undefined)).toEqual({ key: "hc.f1", order: "desc" });
    expect(parseSort(board, "nonsense", "up")).toEqual({ key: "rank", order: "asc" });
  });

  it("places each interval on the column's common scale", () => {
    expect(
      intervalBars([
        { value: 0.5, lower: 0, upper: 1 },
        { value: 0.75, lower: 0.5, upper: 1 },
        { value: null, lower: null, upper: null },
      ]),
    ).toEqual([{ low: 0, high: 100, point: 50 }, { low: 50, high: 100, point: 75 }, null]);
    const view = toLeaderboardView(board);
    const bar = view.rows[0]!.bar!; // 0.85–0.95 around 0.9, on the ranked teams' 0.05–0.95 scale
    expect(bar.low).toBeCloseTo(88.889, 2);
    expect(bar.point).toBeCloseTo(94.444, 2);
    expect(bar.high).toBe(100);
    // a baseline does not stretch the scale, and gets no bar when it falls outside it
    expect(
      intervalBars([
        { value: 0.9, lower: 0.8, upper: 1, setsScale: true },
        { value: 0.1, lower: 0, upper: 0.2, setsScale: false },
      ]),
    ).toEqual([{ low: 0, high: 100, point: 50 }, null]);
  });

  it("says when the board is hidden", () => {
    expect(toLeaderboardView({ ...board, hidden: true, hiddenBy: "PRIVATE", rows: [] })).toMatchObject({
      hiddenUntil: "2026-12-01T00:00:00.000Z",
      hiddenBlind: false,
    });
  });

  it("says a hidden blind board waits for the published results, not for the phase's end", () => {
    expect(toLeaderboardView({ ...board, hidden: true, hiddenBy: "BLIND", rows: [] }).hiddenBlind).toBe(true);
  });
});

describe("side-by-side view", () => {
  it("orders teams by primary rank and shows each move against it", () => {
    const view = toSideBySideView(board.sideBySide, { key: "hc.f1", label: "HC-F1" });
    expect(view.rows.map((r) => [r.teamName, r.cells.map((c) => c.move)])).toEqual([
      ["Kestrel", [0, -2]],
      ["Owl", [0, 1]],
      ["Dodo", [0, null]],
    ]);
    expect(view.rows[0]!.spread).toBe(2);
    expect(view.tau[0]![1]).toEqual({ value: -0.5, text: "−0.50" });
  });

  it("describes moves in words and colours τ with readable text", () => {
    expect(describeMove(2)).toBe("2 places higher than under the primary measure");
    expect(describeMove(-1)).toBe("1 place lower than under the primary measure");
    expect(describeMove(0)).toMatch(/same rank/);
    expect(divergingColour(1)).toEqual({ background: "rgb(97, 131, 228)", color: "#0f172a" });
    expect(divergingColour(0).background).toBe("rgb(255, 255, 255)");
    expect(divergingColour(null).background).toBe("#f1f5f9");
  });
});
