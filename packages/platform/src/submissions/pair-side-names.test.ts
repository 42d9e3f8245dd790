import { describe, expect, it } from "vitest";
import { pairSideNames } from "./pair-side-names.ts";

const at = (iso: string) => new Date(iso);

describe("pairSideNames", () => {
  it("names two teams by team and file", () => {
    expect(
      pairSideNames(
        { teamName: "Ada Labs", fileName: "run1.tsv", createdAt: at("2026-11-20T10:00:00Z") },
        { teamName: "Owl", fileName: "owl.tsv", createdAt: at("2026-11-21T10:00:00Z") },
      ),
    ).toEqual({
      a: "Ada Labs · run1.tsv",
      b: "Owl · owl.tsv",
      title: "Ada Labs · run1.tsv vs Owl · owl.tsv",
    });
  });

  it("names two files of one team by file, the title by the team once", () => {
    const names = pairSideNames(
      { teamName: "Ada Labs", fileName: "run1.tsv", createdAt: at("2026-11-20T10:00:00Z") },
      { teamName: "Ada Labs", fileName: "run2.jsonl", createdAt: at("2026-11-20T11:00:00Z") },
    );
    expect(names).toEqual({ a: "Ada Labs · run1.tsv", b: "Ada Labs · run2.jsonl", title: "Ada Labs: run1.tsv vs run2.jsonl" });
  });

  it("adds the upload time when one team sent two files of the same name", () => {
    const names = pairSideNames(
      { teamName: "Ada Labs", fileName: "run.tsv", createdAt: at("2026-11-20T10:00:00Z") },
      { teamName: "Ada Labs", fileName: "run.tsv", createdAt: at("2026-11-21T09:30:00Z") },
    );
    expect(names.a).toBe("Ada Labs · run.tsv (2026-11-20 10:00 UTC)");
    expect(names.b).toBe("Ada Labs · run.tsv (2026-11-21 09:30 UTC)");
    expect(names.a).not.toBe(names.b);
  });

  it("calls a side without a team a baseline", () => {
    expect(
      pairSideNames(
        { teamName: null, fileName: "majority.tsv", createdAt: at("2026-11-20T10:00:00Z") },
        { teamName: "Owl", fileName: "o.tsv", createdAt: at("2026-11-20T10:00:00Z") },
      ).a,
    ).toBe("Baseline · majority.tsv");
  });
});
