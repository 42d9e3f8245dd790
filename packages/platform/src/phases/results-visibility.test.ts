import { describe, expect, it } from "vitest";
import { resultsVisibility } from "./results-visibility.ts";

const endsAt = new Date("2026-12-01T00:00:00Z");
const before = new Date("2026-11-30T23:59:59Z");
const after = new Date("2026-12-01T00:00:00Z");
const phase = (over: Partial<Parameters<typeof resultsVisibility>[0]>) => ({
  visibility: "PUBLIC" as const,
  blind: false,
  endsAt,
  resultsPublishedAt: null,
  ...over,
});

describe("resultsVisibility", () => {
  it("shows a public phase's results at once", () => {
    expect(resultsVisibility(phase({}), before)).toEqual({ boardPublic: true, teamSeesScores: true });
  });

  it("hides a private board until the end, never a team's own scores", () => {
    expect(resultsVisibility(phase({ visibility: "PRIVATE" }), before)).toEqual({ boardPublic: false, teamSeesScores: true });
    expect(resultsVisibility(phase({ visibility: "PRIVATE" }), after)).toEqual({ boardPublic: true, teamSeesScores: true });
  });

  it("keeps a blind phase's scores from everyone, teams included, past the end until published", () => {
    expect(resultsVisibility(phase({ blind: true }), before)).toEqual({ boardPublic: false, teamSeesScores: false });
    expect(resultsVisibility(phase({ blind: true }), after)).toEqual({ boardPublic: false, teamSeesScores: false });
    const published = phase({ blind: true, resultsPublishedAt: new Date("2026-12-02T10:00:00Z") });
    expect(resultsVisibility(published, after)).toEqual({ boardPublic: false, teamSeesScores: false });
    expect(resultsVisibility(published, new Date("2026-12-02T10:00:00Z"))).toEqual({ boardPublic: true, teamSeesScores: true });
  });
});
