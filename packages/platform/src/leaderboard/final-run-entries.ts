import { compareEntries, type RankableEntry } from "./rank-entries.ts";

export interface FinalRunCandidate extends RankableEntry {
  submissionId: string;
  teamId: string | null;
  selected: boolean;
}

/**
 * The runs of ONE team that count in a phase with "up to N selected runs count": the runs the team
 * selected (at most N; the selection is closed at the deadline), or, when it selected none, its
 * best N by the primary measure. Sorted best first.
 */
export function countedRunsOfTeam<E extends FinalRunCandidate>(runs: readonly E[], n: number, direction: "HIGHER" | "LOWER"): E[] {
  const selected = runs.filter((r) => r.selected);
  const pool = selected.length > 0 ? selected : runs;
  return [...pool].sort((a, b) => compareEntries(direction, a, b)).slice(0, n);
}

/**
 * A board's entries with final runs: every counted run of every team (`RUNS`, one row a run, as
 * GermEval's official table), or each team's best counted run (`TEAM_BEST`); then every baseline.
 */
export function selectFinalRunEntries<E extends FinalRunCandidate>(
  entries: readonly E[],
  n: number,
  board: "RUNS" | "TEAM_BEST",
  direction: "HIGHER" | "LOWER",
): E[] {
  const byTeam = new Map<string, E[]>();
  const baselines: E[] = [];
  for (const entry of entries) {
    if (entry.isBaseline || entry.teamId === null) baselines.push(entry);
    else byTeam.set(entry.teamId, [...(byTeam.get(entry.teamId) ?? []), entry]);
  }
  const counted = [...byTeam.values()].flatMap((runs) => {
    const mine = countedRunsOfTeam(runs, n, direction);
    return board === "TEAM_BEST" ? mine.slice(0, 1) : mine;
  });
  return [...counted, ...baselines].sort((a, b) => compareEntries(direction, a, b));
}
