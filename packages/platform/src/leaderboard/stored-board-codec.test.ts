import { describe, expect, it } from "vitest";
import type { Leaderboard, LeaderboardRow } from "./board-types.ts";
import { decodeBoard, encodeBoard } from "./stored-board-codec.ts";

const row = (value: number | null): LeaderboardRow => ({
  rank: 1,
  teamName: "Team",
  teamId: "t1",
  run: null,
  submissionId: "s1",
  submittedAt: new Date("2026-11-20T10:00:00.123Z"),
  isBaseline: false,
  goldVersion: 1,
  scores: { "hier.f1": { value, ciLow: 3 / 13, ciHigh: null } },
  tie: { group: 1, tiedWithAbove: true, pValue: 0.11688311688311688 },
});

describe("the stored board's codec", () => {
  it("gives the board back: its dates as dates, every double bit for bit, NaN and infinities included", () => {
    const values = [0.1 + 0.2, 3 / 13, 5e-324, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null];
    const board = { phase: { key: "p", name: "P", endsAt: new Date("2026-12-01T00:00:00Z"), visibility: "PUBLIC" }, rows: values.map(row) };
    const back = decodeBoard(encodeBoard(board as unknown as Leaderboard));
    expect(back).toEqual(board);
    expect(back.phase.endsAt).toBeInstanceOf(Date);
    expect(back.rows.map((r) => Object.is(r.scores["hier.f1"]?.value, board.rows[back.rows.indexOf(r)]!.scores["hier.f1"]?.value))).toEqual(
      values.map(() => true),
    );
  });
});
