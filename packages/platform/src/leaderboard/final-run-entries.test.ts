import { describe, expect, it } from "vitest";
import { countedRunsOfTeam, selectFinalRunEntries } from "./final-run-entries.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
const run = (submissionId: string, teamId: string | null, primary: number | null, selected = false, minute = 0) => ({
  submissionId,
  teamId,
  primary,
  selected,
  isBaseline: teamId === null,
  submittedAt: at(minute),
});

describe("countedRunsOfTeam", () => {
  const runs = [run("a1", "A", 0.5, false, 1), run("a2", "A", 0.9, false, 2), run("a3", "A", 0.7, false, 3), run("a4", "A", 0.6, false, 4)];

  it("defaults to the best N when the team selected nothing", () => {
    expect(countedRunsOfTeam(runs, 2, "HIGHER").map((r) => r.submissionId)).toEqual(["a2", "a3"]);
    expect(countedRunsOfTeam(runs, 2, "LOWER").map((r) => r.submissionId)).toEqual(["a1", "a4"]);
  });

  it("counts exactly the selected runs, even worse ones, once any is selected", () => {
    const picked = runs.map((r) => (r.submissionId === "a1" ? { ...r, selected: true } : r));
    expect(countedRunsOfTeam(picked, 3, "HIGHER").map((r) => r.submissionId)).toEqual(["a1"]);
  });

  it("puts undefined scores last", () => {
    expect(countedRunsOfTeam([run("x", "A", null), run("y", "A", 0.1)], 1, "HIGHER").map((r) => r.submissionId)).toEqual(["y"]);
  });
});

describe("selectFinalRunEntries", () => {
  const entries = [
    run("a1", "A", 0.9, true, 1),
    run("a2", "A", 0.95, false, 2),
    run("a3", "A", 0.8, true, 3),
    run("b1", "B", 0.85, false, 4),
    run("b2", "B", 0.7, false, 5),
    run("b3", "B", 0.6, false, 6),
    run("base", null, 0.75, false, 0),
  ];

  it("one row a counted run, ranked together with the baselines", () => {
    expect(selectFinalRunEntries(entries, 2, "RUNS", "HIGHER").map((r) => r.submissionId)).toEqual(["a1", "b1", "a3", "base", "b2"]);
  });

  it("a team's best counted run only", () => {
    expect(selectFinalRunEntries(entries, 2, "TEAM_BEST", "HIGHER").map((r) => r.submissionId)).toEqual(["a1", "b1", "base"]);
  });
});
