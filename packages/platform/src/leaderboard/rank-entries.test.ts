import { describe, expect, it } from "vitest";
import { compareEntries, competitionRanks, type RankableEntry } from "./rank-entries.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 10, minute));
const entry = (primary: number | null, minute: number, isBaseline = false): RankableEntry => ({
  primary,
  submittedAt: at(minute),
  isBaseline,
});

describe("leaderboard ordering", () => {
  it("orders by the primary value in its direction, undefined last, earlier first on ties", () => {
    const entries = [entry(0.5, 3), entry(null, 0), entry(0.9, 2), entry(0.5, 1)];
    expect([...entries].sort((a, b) => compareEntries("HIGHER", a, b)).map((e) => [e.primary, e.submittedAt.getUTCMinutes()])).toEqual([
      [0.9, 2],
      [0.5, 1],
      [0.5, 3],
      [null, 0],
    ]);
    expect([...entries].sort((a, b) => compareEntries("LOWER", a, b)).map((e) => e.primary)).toEqual([0.5, 0.5, 0.9, null]);
  });

  it("gives competition ranks (1224), none to baselines or undefined values", () => {
    const sorted = [entry(0.9, 0), entry(0.8, 1), entry(0.85, 2, true), entry(0.8, 3), entry(0.7, 4), entry(null, 5)];
    expect(competitionRanks(sorted)).toEqual([1, 2, null, 2, 4, null]);
  });
});
