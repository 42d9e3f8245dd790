/** What decides which of a team's runs a phase's board counts. */
export interface CountingRule {
  rule: "BEST" | "LAST";
  /** "Up to N selected runs count"; null = the rule picks one run a team. */
  finalRuns: number | null;
  finalRunsBoard: "RUNS" | "TEAM_BEST";
}

const runs = (n: number) => (n === 1 ? "run" : `${n} runs`);

/**
 * The phase's counting rule as a short badge: "Best submission counts", "Last submission counts",
 * or "Selected final runs count, up to N per team".
 *
 * @example countingBadge({ rule: "BEST", finalRuns: 3, finalRunsBoard: "RUNS" }) // "Selected final runs count, up to 3 per team"
 */
export function countingBadge(p: CountingRule): string {
  if (p.finalRuns !== null) return `Selected final runs count, up to ${p.finalRuns} per team`;
  return p.rule === "BEST" ? "Best submission counts" : "Last submission counts";
}

/**
 * What a team that selected no final run is counted with, by the rule of `countedRunsOfTeam`
 * (its best N scored runs by the primary measure); null when the phase has no final runs.
 *
 * @example noSelectionRule({ rule: "BEST", finalRuns: 3, finalRunsBoard: "RUNS" }) // "A team that selected none counts with its best 3 runs."
 */
export function noSelectionRule(p: CountingRule): string | null {
  if (p.finalRuns === null) return null;
  // With one row a team, only the best of its best N can show: its best run.
  const n = p.finalRunsBoard === "TEAM_BEST" ? 1 : p.finalRuns;
  return `A team that selected none counts with its best ${runs(n)}.`;
}

/**
 * Which runs a board ranks, to follow "using" in a board caption: "each team's best scored
 * submission", or with final runs "each team's selected final runs, up to N per team (one row a
 * run); a team that selected none counts with its best N runs".
 *
 * @example boardCountingPhrase({ rule: "LAST", finalRuns: null, finalRunsBoard: "RUNS" }) // "each team's last scored submission"
 */
export function boardCountingPhrase(p: CountingRule): string {
  if (p.finalRuns === null) return `each team's ${p.rule === "BEST" ? "best" : "last"} scored submission`;
  const none = noSelectionRule(p)!
    .replace(/^A team/, "a team")
    .replace(/\.$/, "");
  const selected =
    p.finalRunsBoard === "TEAM_BEST"
      ? `each team's best run among its selected final runs (up to ${p.finalRuns} per team)`
      : `each team's selected final runs, up to ${p.finalRuns} per team (one row a run)`;
  return `${selected}; ${none}`;
}
