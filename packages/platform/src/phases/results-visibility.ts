import type { Phase } from "@hierboard/db";

export interface ResultsVisibility {
  /** Anyone may see the phase's ranked board. */
  boardPublic: boolean;
  /** A team sees its own scores (false: "scored", without values). */
  teamSeesScores: boolean;
}

export type PhaseResultsFields = Pick<Phase, "visibility" | "blind" | "endsAt" | "resultsPublishedAt">;

/**
 * Who sees a phase's results at `now`, organisers aside (they always do):
 * - a public phase: everyone, at once;
 * - a private phase: teams their own scores at once, everyone the board once the phase ends (or
 *   its results are published earlier);
 * - a blind phase: nobody, not even a team its own scores, until the organisers publish the
 *   results (possible once the phase has ended).
 */
export function resultsVisibility(phase: PhaseResultsFields, now: Date): ResultsVisibility {
  const published = phase.resultsPublishedAt !== null && phase.resultsPublishedAt.getTime() <= now.getTime();
  if (phase.blind) return { boardPublic: published, teamSeesScores: published };
  if (phase.visibility === "PRIVATE") return { boardPublic: published || now.getTime() >= phase.endsAt.getTime(), teamSeesScores: true };
  return { boardPublic: true, teamSeesScores: true };
}
