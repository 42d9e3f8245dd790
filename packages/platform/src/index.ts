// @hierboard/platform: HierBoard's server-side business logic as plain functions. Each takes one
// input object (validated with the zod schema exported beside it) and, optionally, a
// PlatformContext; without one it uses the context set by configurePlatform().
export { AppError, APP_ERROR_STATUS, httpStatusFor, invalidFile, type AppErrorCode, type FileIssue } from "./errors/app-error.ts";
export {
  configurePlatform,
  createPlatformContext,
  DEFAULT_MAX_UPLOAD_BYTES,
  platformContext,
  type PlatformConnectionOptions,
  type PlatformContext,
} from "./context/platform-context.ts";
export { sha256Hex } from "./context/sha256.ts";
export { writeAudit, type AuditEntry } from "./audit/write-audit.ts";
export { listAuditLog, type AuditLogEntry } from "./audit/list-audit-log.ts";
export { readableAudit, type AuditChange, type ReadableAudit } from "./audit/audit-changes.ts";

export { createUser, createUserInput } from "./users/create-user.ts";
export { verifyCredentials, verifyCredentialsInput } from "./users/verify-credentials.ts";
export { upsertOAuthUser, upsertOAuthUserInput } from "./users/upsert-oauth-user.ts";
export { getUserById } from "./users/get-user-by-id.ts";
export { setUserRole, setUserRoleInput } from "./users/set-user-role.ts";
export { grantRole, grantRoleInput } from "./users/grant-role.ts";
export type { UserSummary } from "./users/user-summary.ts";
export { getSessionUser } from "./users/get-session-user.ts";
export { requestToHost, requestToHostInput } from "./users/request-to-host.ts";
export { decideHostRequest, decideHostRequestInput } from "./users/decide-host-request.ts";
export { setUserDisabled, setUserDisabledInput } from "./users/set-user-disabled.ts";
export { listUsers, type AdminUserRow } from "./users/list-users.ts";

export { createApiToken, createApiTokenInput, type ApiTokenSummary } from "./tokens/create-api-token.ts";
export { listApiTokens } from "./tokens/list-api-tokens.ts";
export { revokeApiToken } from "./tokens/revoke-api-token.ts";
export { authenticateApiToken, requireApiUser } from "./tokens/authenticate-api-token.ts";

export { createTask, createTaskInput } from "./tasks/create-task.ts";
export { updateTask, updateTaskInput } from "./tasks/update-task.ts";
export { addTaskOwner, addTaskOwnerInput } from "./tasks/add-task-owner.ts";
export { listPublicTasks, type PublicTaskSummary } from "./tasks/list-public-tasks.ts";
export { setTaskStatus, setTaskStatusInput } from "./tasks/set-task-status.ts";
export { listOrganisedTasks } from "./tasks/list-organised-tasks.ts";
export { getTaskConsole, type TaskConsole } from "./tasks/get-task-console.ts";
export { getTaskOverview, type TaskOverview } from "./tasks/get-task-overview.ts";
export type { GoldView, PhaseView, SubtaskView, TaxonomyView } from "./tasks/task-views.ts";

export { uploadTaxonomy, uploadTaxonomyInput } from "./taxonomy/upload-taxonomy.ts";
export { createSubtask, createSubtaskInput } from "./subtasks/create-subtask.ts";
export { updateSubtask, updateSubtaskInput } from "./subtasks/update-subtask.ts";
export { createPhase, createPhaseInput } from "./phases/create-phase.ts";
export { updatePhase, updatePhaseInput } from "./phases/update-phase.ts";
export { uploadGold, uploadGoldInput } from "./phases/upload-gold.ts";
export { rescorePhase, rescorePhaseInput } from "./phases/rescore-phase.ts";
export { getRescoreStatus, getRescoreStatusInput, type RescoreStatus } from "./phases/get-rescore-status.ts";
export { endPhaseNow, endPhaseNowInput } from "./phases/end-phase-now.ts";
export { publishResults, publishResultsInput } from "./phases/publish-results.ts";
export { describePhaseControls, describePhaseControlsInput, phaseControlsText, type PhaseControls } from "./phases/describe-phase-controls.ts";
export { resultsVisibility, type ResultsVisibility } from "./phases/results-visibility.ts";

export { createTeam, createTeamInput } from "./teams/create-team.ts";
export { createInvitation, createInvitationInput } from "./teams/create-invitation.ts";
export { joinTeamByCode, joinTeamByCodeInput } from "./teams/join-team-by-code.ts";
export { getTeamArea, type TeamArea } from "./teams/get-team-area.ts";
export { getTeamFinalRuns, type FinalRunsBlock } from "./teams/get-team-final-runs.ts";
export { selectFinalRuns, selectFinalRunsInput } from "./submissions/select-final-runs.ts";
export { countedRunsOfTeam, selectFinalRunEntries } from "./leaderboard/final-run-entries.ts";

export { createSubmission, createSubmissionInput, type CreatedSubmission } from "./submissions/create-submission.ts";
export { createBaseline, createBaselineInput } from "./submissions/create-baseline.ts";
export { getSubmission, type SubmissionDetails, type SubmissionScore } from "./submissions/get-submission.ts";
export { startOfUtcDay } from "./submissions/submission-limits.ts";
export { getSubmissionDiagnostics, type SubmissionDiagnostics } from "./submissions/get-submission-diagnostics.ts";
export { compareSubmissionPair, compareSubmissionPairInput, PAIRED_TEST_OPTIONS, type PairComparison, type PairSide } from "./submissions/compare-submission-pair.ts";
export { listComparableSubmissions, type ComparableSubmission } from "./submissions/list-comparable-submissions.ts";
export { listTaskSubmissions, type TaskSubmissionRow } from "./submissions/list-task-submissions.ts";
export { updateParticipationRules, updateParticipationRulesInput } from "./participants/update-participation-rules.ts";
export { moderateTeam, moderateTeamInput } from "./participants/moderate-team.ts";
export { setBaseline, setBaselineInput } from "./participants/set-baseline.ts";
export { downloadSubmissionFile } from "./participants/download-submission-file.ts";
export { listTaskTeams, type TaskTeamRow } from "./participants/list-task-teams.ts";
export { rescoreSubmission, rescoreSubmissionInput } from "./submissions/rescore-submission.ts";

export {
  getLeaderboard,
  type Leaderboard,
  type LeaderboardMeasure,
  type LeaderboardRow,
  type LeaderboardScore,
  type RowTie,
  type SideBySide,
  type TieTestInfo,
} from "./leaderboard/get-leaderboard.ts";
export { cachedBoard, clearBoardCache } from "./leaderboard/board-cache.ts";
export { loadBoardKey, type BoardKey } from "./leaderboard/load-board-key.ts";
export { SIDE_BY_SIDE_MEASURES } from "./leaderboard/measure-rankings.ts";
export { sortBoardRows, defaultOrder, type BoardSortKey, type SortOrder } from "./leaderboard/sort-board-rows.ts";
export { boardToCsv, boardToJson, cachedBoardCsv, leaderboardResponseText } from "./leaderboard/export-board.ts";
export { TIE_TEST } from "./leaderboard/neighbour-ties.ts";

export { measureCatalogue, DEFAULT_SHOWN_MEASURES, type MeasureOption } from "./scoring/measure-catalogue.ts";
export { loadScoringSetup, parsePrediction, type ScoringSetup } from "./scoring/load-scoring-setup.ts";
export { BOOTSTRAP_SEED, computeScores, scoresFromEvaluation, type ComputedScores, type ScoreRow } from "./scoring/compute-scores.ts";
