import type { BoardEntry } from "../load-board-entries.ts";
import { compareEntries } from "../rank-entries.ts";

/** A submission that improved its team's best primary score: the series steps to `value` at `at`. */
export interface ProgressStep {
  at: Date;
  value: number;
  submissionId: string;
}

/** One team's best primary score over the phase: a step at each improving submission. */
export interface TeamProgress {
  team: string;
  steps: ProgressStep[];
  /** The team's scored submissions the series was built from (improving or not, undefined values included). */
  submissions: number;
}

/** A baseline, drawn as a level line at its primary score. */
export interface BaselineLevel {
  name: string;
  value: number;
  submissionId: string;
}

/**
 * The teams' best-so-far series from their scored submissions, in submission order: a step at each
 * submission that beats the team's best so far in the measure's direction (an equal score is no
 * step; an undefined one is skipped). Teams come best first by their final best, earlier first on
 * ties, as the board orders them; baselines (with a defined score) become level lines. Teams with
 * no defined score have no series.
 */
export function progressSeries(
  entries: readonly BoardEntry[],
  direction: "HIGHER" | "LOWER",
): { series: TeamProgress[]; baselines: BaselineLevel[] } {
  const byTeam = new Map<string, { team: string; steps: ProgressStep[]; submissions: number }>();
  const baselines: BaselineLevel[] = [];
  const inOrder = [...entries].sort(
    (a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || a.submissionId.localeCompare(b.submissionId),
  );
  for (const entry of inOrder) {
    if (entry.isBaseline || entry.teamId === null) {
      if (entry.primary !== null) baselines.push({ name: entry.teamName, value: entry.primary, submissionId: entry.submissionId });
      continue;
    }
    let team = byTeam.get(entry.teamId);
    if (!team) byTeam.set(entry.teamId, (team = { team: entry.teamName, steps: [], submissions: 0 }));
    team.submissions += 1;
    if (entry.primary === null) continue;
    const best = team.steps.at(-1)?.value;
    const improves = best === undefined || (direction === "HIGHER" ? entry.primary > best : entry.primary < best);
    if (improves) team.steps.push({ at: entry.submittedAt, value: entry.primary, submissionId: entry.submissionId });
  }
  const final = (t: TeamProgress) => {
    const step = t.steps.at(-1)!;
    // The time the team reached its best breaks ties, as the board's earlier-first rule does.
    return { primary: step.value, submittedAt: step.at, isBaseline: false };
  };
  const series = [...byTeam.values()].filter((t) => t.steps.length > 0).sort((a, b) => compareEntries(direction, final(a), final(b)));
  baselines.sort((a, b) => (direction === "HIGHER" ? b.value - a.value : a.value - b.value));
  return { series, baselines };
}
