import { describe, expect, it } from "vitest";
import { boardCountingPhrase, countingBadge, noSelectionRule } from "./describe-counting.ts";

const best = { rule: "BEST", finalRuns: null, finalRunsBoard: "RUNS" } as const;
const last = { ...best, rule: "LAST" } as const;
const final3 = { ...best, finalRuns: 3 } as const;
const final3TeamBest = { ...final3, finalRunsBoard: "TEAM_BEST" } as const;
const final1 = { ...best, finalRuns: 1 } as const;

describe("describing which runs count", () => {
  it("badges: the rule, or the selected final runs with their maximum (the @example)", () => {
    expect(countingBadge(best)).toBe("Best submission counts");
    expect(countingBadge(last)).toBe("Last submission counts");
    expect(countingBadge(final3)).toBe("Selected final runs count, up to 3 per team");
    // The rule is ignored once final runs count: it does not pick the runs then.
    expect(countingBadge({ ...final3, rule: "LAST" })).toBe("Selected final runs count, up to 3 per team");
  });

  it("a team that selected none counts with its best N runs (countedRunsOfTeam), its best one on a team-best board", () => {
    expect(noSelectionRule(best)).toBeNull();
    expect(noSelectionRule(final3)).toBe("A team that selected none counts with its best 3 runs.");
    expect(noSelectionRule(final1)).toBe("A team that selected none counts with its best run.");
    expect(noSelectionRule(final3TeamBest)).toBe("A team that selected none counts with its best run.");
  });

  it("board captions name the runs that count", () => {
    expect(boardCountingPhrase(best)).toBe("each team's best scored submission");
    expect(boardCountingPhrase(last)).toBe("each team's last scored submission");
    expect(boardCountingPhrase(final3)).toBe(
      "each team's selected final runs, up to 3 per team (one row a run); a team that selected none counts with its best 3 runs",
    );
    expect(boardCountingPhrase(final3TeamBest)).toBe(
      "each team's best run among its selected final runs (up to 3 per team); a team that selected none counts with its best run",
    );
  });
});
