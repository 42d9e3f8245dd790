/**
 * The submissions that use a slot of a phase's limits: a team's accepted ones for one subtask, not
 * baselines and not those that failed to score (a refused file was never stored).
 */
export function usedSubmissionsWhere(where: { teamId: string; phaseId: string; subtaskId: string }) {
  return {
    teamId: where.teamId,
    phaseId: where.phaseId,
    subtaskId: where.subtaskId,
    isBaseline: false,
    status: { not: "FAILED" as const },
  };
}
