import { describe, expect, it } from "vitest";
import { toCompactRows } from "./compact-rows";
import type { LeaderboardRow } from "./types";

const row = (scores: LeaderboardRow["scores"]): LeaderboardRow => ({
  rank: 1,
  teamName: "Kestrel",
  submissionId: "s1",
  submittedAt: "2026-11-26T10:00:00.000Z",
  isBaseline: false,
  scores,
});

describe("toCompactRows", () => {
  it("flags an interval that does not contain its score, and only that one", () => {
    const [compact] = toCompactRows(
      [
        row({
          "flat.macro.f1": { value: 0.8636, lower: 0.8212, upper: 0.8592 },
          "hc.f1": { value: 0.7, lower: 0.68, upper: 0.72 },
          "flat.micro.f1": { value: 0.5, lower: null, upper: null },
        }),
      ],
      ["hc.f1", "flat.macro.f1", "flat.micro.f1"],
    );
    expect(compact![6]).toEqual([
      [0.7, 0.68, 0.72, false],
      [0.8636, 0.8212, 0.8592, true],
      [0.5, null, null, false],
    ]);
  });

  it("carries a run's file name last, and null for a row without one", () => {
    const [named, plain] = toCompactRows([{ ...row({}), run: "kestrel-run2.tsv" }, row({})], ["hc.f1"]);
    expect(named![8]).toBe("kestrel-run2.tsv");
    expect(plain![8]).toBeNull();
  });

  it("carries a private board's public rank after the average rank, and nothing on other boards", () => {
    const [moved, plain] = toCompactRows([{ ...row({}), publicRank: 3 }, row({})], ["hc.f1"]);
    expect(moved![11]).toBe(3);
    expect(plain).toHaveLength(11);
  });
});
