// @hierboard/platform: HierBoard's server-side business logic as plain functions. Each takes one
// input object (validated with the zod schema beside it in its module) and, optionally, a
// PlatformContext; without one it uses the context set by configurePlatform().
export { AppError, httpStatusFor, invalidFile } from "./errors/app-error.ts";
export { isRetryable } from "./errors/retry-decision.ts";
export { appErrorFrom } from "./errors/app-error-from.ts";
export { configurePlatform, createPlatformContext, platformContext, type PlatformContext } from "./context/platform-context.ts";
export { sha256Hex } from "./context/sha256.ts";
export { listAuditLog } from "./audit/list-audit-log.ts";
export type { ReadableAudit } from "./audit/audit-changes.ts";

export { createUser } from "./users/create-user.ts";
export { verifyCredentials } from "./users/verify-credentials.ts";
export { signUp } from "./users/sign-up.ts";
export { changePassword } from "./users/change-password.ts";
export { endSessions } from "./users/end-sessions.ts";
export { getSessionUser } from "./users/get-session-user.ts";
export { getSessionVersion } from "./users/get-session-version.ts";
export { upsertOAuthUser } from "./users/upsert-oauth-user.ts";
export { setUserRole } from "./users/set-user-role.ts";
export { grantRole } from "./users/grant-role.ts";
export type { UserSummary } from "./users/user-summary.ts";
export { requestToHost } from "./users/request-to-host.ts";
export { decideHostRequest } from "./users/decide-host-request.ts";
export { setUserDisabled } from "./users/set-user-disabled.ts";
export { listUsers } from "./users/list-users.ts";

export { createApiToken } from "./tokens/create-api-token.ts";
export { requireSubmitScope } from "./tokens/require-token-scope.ts";
export { listApiTokens } from "./tokens/list-api-tokens.ts";
export { revokeApiToken } from "./tokens/revoke-api-token.ts";
export { authenticateApiToken, requireApiUser, type TokenUser } from "./tokens/authenticate-api-token.ts";

export { createTask } from "./tasks/create-task.ts";
export { updateTask } from "./tasks/update-task.ts";
export { claimTaskForImport } from "./tasks/claim-task-for-import.ts";
export { addTaskOwner } from "./tasks/add-task-owner.ts";
export { listPublicTasks } from "./tasks/list-public-tasks.ts";
export { setTaskStatus } from "./tasks/set-task-status.ts";
export { setUpTask, type TaskSetup } from "./tasks/set-up-task.ts";
export { listOrganisedTasks } from "./tasks/list-organised-tasks.ts";
export { getTaskConsole, type TaskConsole } from "./tasks/get-task-console.ts";
export { getTaskOverview } from "./tasks/get-task-overview.ts";
export { isTaskVisible } from "./tasks/is-task-visible.ts";
export type { SubtaskView } from "./tasks/task-views.ts";
export { keySchema, slugSchema } from "./tasks/task-fields.ts";

export { uploadTaxonomy } from "./taxonomy/upload-taxonomy.ts";
export { createSubtask } from "./subtasks/create-subtask.ts";
export { updateSubtask } from "./subtasks/update-subtask.ts";
export { createPhase } from "./phases/create-phase.ts";
export { updatePhase } from "./phases/update-phase.ts";
export { archiveTaskPart, deleteTaskPart } from "./task-parts/remove-task-part.ts";
export { requireGoldUploadAccess, uploadGold } from "./phases/upload-gold.ts";
export { holdUploadSlot, MAX_OPEN_UPLOADS_PER_ADDRESS } from "./access/open-uploads.ts";
export { requireLargeFormSender } from "./access/large-form-sender.ts";
export { rescorePhase } from "./phases/rescore-phase.ts";
export { getRescoreStatus, type RescoreStatus } from "./phases/get-rescore-status.ts";
export { endPhaseNow } from "./phases/end-phase-now.ts";
export { publishResults } from "./phases/publish-results.ts";
export { describePhaseControls, phaseControlsText } from "./phases/describe-phase-controls.ts";
export { boardCountingPhrase, countingBadge, noSelectionRule } from "./phases/describe-counting.ts";
export { splitRule, splitSentence } from "./gold-split/describe-split.ts";

export { createTeam } from "./teams/create-team.ts";
export { createInvitation } from "./teams/create-invitation.ts";
export { joinTeamByCode } from "./teams/join-team-by-code.ts";
export { getTeamArea } from "./teams/get-team-area.ts";
export { getTeamFinalRuns, type FinalRunsBlock } from "./teams/get-team-final-runs.ts";
export { selectFinalRuns } from "./submissions/select-final-runs.ts";
export { setFinalRunSelected } from "./submissions/set-final-run-selected.ts";
export { listTeamRuns } from "./teams/list-team-runs.ts";

export { createSubmission, createSubmissionFromUpload } from "./submissions/create-submission.ts";
export { getSubmission } from "./submissions/get-submission.ts";
export { getNodeStatistics, type NodeStatisticsAnswer } from "./node-statistics/get-node-statistics.ts";
export { nodeRows, subtreeRows, type NodeRow } from "./node-statistics/node-rows.ts";
export { decodeNodeStatistics, encodeNodeStatistics } from "./node-statistics/node-statistics-codec.ts";
export { decodeTaxonomyOutline, encodeTaxonomyOutline } from "./taxonomy/taxonomy-outline-codec.ts";
export { getNodeHeatMap } from "./node-statistics/node-heat-map.ts";
export { nodeHeatMapCsv, nodeHeatMapLatex } from "./node-statistics/node-heat-map-export.ts";
export { submissionPageAccess } from "./submissions/submission-page-access.ts";
export type { ScoreHistoryEntry } from "./submissions/load-score-history.ts";
export { getSubmissionDiagnostics, type SubmissionDiagnostics } from "./submissions/get-submission-diagnostics.ts";
export { compareSubmissionPair, PAIRED_TEST_OPTIONS, type PairComparison } from "./submissions/compare-submission-pair.ts";
export { listComparableSubmissions, type ComparableSubmission } from "./submissions/list-comparable-submissions.ts";
export { listTaskSubmissions } from "./submissions/list-task-submissions.ts";
export { updateParticipationRules } from "./participants/update-participation-rules.ts";
export { moderateTeam } from "./participants/moderate-team.ts";
export { setBaseline } from "./participants/set-baseline.ts";
export { downloadSubmissionFile } from "./participants/download-submission-file.ts";
export { listTaskTeams, type TaskTeamRow } from "./participants/list-task-teams.ts";
export { rescoreSubmission } from "./submissions/rescore-submission.ts";

export { getLeaderboard } from "./leaderboard/get-leaderboard.ts";
export type { Leaderboard, SideBySide } from "./leaderboard/board-types.ts";
export { clearBoardCache } from "./leaderboard/board-cache.ts";
export { EXCLUDES_ESTIMATE_MARK, EXCLUDES_ESTIMATE_NOTE, INTERVAL_METHOD_NAME } from "./leaderboard/interval-notes.ts";
export { loadBoardKey } from "./leaderboard/load-board-key.ts";
export { publicTaskPage, publicTaskPageKey } from "./leaderboard/public-task-page-key.ts";
export { SIDE_BY_SIDE_MEASURES } from "./leaderboard/measure-rankings.ts";
export { sortBoardRows, defaultOrder } from "./leaderboard/sort-board-rows.ts";
export { boardToCsv, boardToJson, cachedBoardCsv, leaderboardResponseText } from "./leaderboard/export-board.ts";
export { TIE_TEST } from "./leaderboard/tie-test.ts";
export { updateBoardTies } from "./leaderboard/update-board-ties.ts";
export { getBoardHistory, type BoardHistory } from "./leaderboard/progress/get-board-history.ts";
export { historyToCsv } from "./leaderboard/progress/history-to-csv.ts";

export { measureCatalogue, DEFAULT_PRIMARY_MEASURE, DEFAULT_SHOWN_MEASURES, type MeasureOption } from "./scoring/measure-catalogue.ts";
export { loadScoringSetup, parsePrediction, type ScoringSetup } from "./scoring/setup/load-scoring-setup.ts";
export { computeScores } from "./scoring/engine/compute-scores.ts";

// The submission lifecycle: claim, score (in one job or as shards merged exactly), store (the one
// score writer), and re-queue what was lost. The worker's job handlers: `@hierboard/platform/jobs`.
export { scoreSubmission } from "./scoring/score-submission.ts";
export { writeScoreRows } from "./scoring/store/write-score-rows.ts";
export { requeueStuckSubmissions } from "./scoring/requeue-stuck-submissions.ts";
export { storedDocumentCount } from "./scoring/store/stored-document-count.ts";
export { scoreShardFrom } from "./scoring/shards/score-shard.ts";
export { planShards } from "./scoring/shards/plan-shards.ts";
// The database client and its types, for apps that must not import @hierboard/db themselves.
export { createPrismaClient, type Db } from "@hierboard/db";

export { checkReadiness } from "./operations/check-readiness.ts";
export { readQueueSnapshot } from "./operations/read-queue-snapshot.ts";
export { readSubmissionSnapshot, SUBMISSION_STATUSES } from "./operations/read-submission-snapshot.ts";
export { getOperationsStatus, type OperationsStatus } from "./operations/get-operations-status.ts";
export { requeueStuckScoring, STUCK_SCORING_THRESHOLD_MS } from "./operations/requeue-stuck-scoring.ts";
export { buildDataFile } from "./data-format/build-data-file.ts";
export { SAMPLE_FILE_NAMES, type DataFileName } from "./data-format/data-files.ts";
export { sampleFormats, type SampleFormat } from "./data-format/sample-submission.ts";
export { pairSideNames } from "./submissions/pair-side-names.ts";
export { getTeamStanding, type TeamStanding } from "./teams/get-team-standing.ts";
export { getTeamPage, type TeamPage, type TeamPageBoard } from "./system-descriptions/get-team-page.ts";
export { updateTeamDescription } from "./system-descriptions/update-team-description.ts";
export { updateRunDescription } from "./system-descriptions/update-run-description.ts";
export {
  paperUrlProblem,
  systemDescriptionFields,
  PAPER_URL_MAX,
  SYSTEM_DESCRIPTION_MAX,
  SYSTEM_NAME_MAX,
  type SystemDescription,
} from "./system-descriptions/system-description-fields.ts";
export { getPaperTable } from "./paper/get-paper-table.ts";

export { attachTaskFile } from "./task-files/attach-task-file.ts";
export { replaceTaskFile } from "./task-files/replace-task-file.ts";
export { removeTaskFile } from "./task-files/remove-task-file.ts";
export { listTaskFiles } from "./task-files/list-task-files.ts";
export { downloadTaskFile } from "./task-files/download-task-file.ts";
export { MAX_TASK_FILES, TASK_FILE_KINDS, TASK_FILE_KIND_LABELS, type TaskFileView } from "./task-files/task-file-fields.ts";

export { BUNDLE_FORMAT, type TaskBundle, type BundleIssue } from "./bundles/task-bundle.ts";
export type { BundleManifest } from "./bundles/bundle-manifest.ts";
export { manifestToYaml } from "./bundles/manifest-to-yaml.ts";
export { validateTaskBundle } from "./bundles/validate-task-bundle.ts";
export { buildTaskBundle } from "./bundles/build-task-bundle.ts";
export { exportSubmissions } from "./submission-export/export-submissions.ts";
export { importTaskBundle } from "./bundles/import-task-bundle.ts";
export { importTaskBundleZip, MAX_BUNDLE_UNPACKED_BYTES } from "./bundles/import-task-bundle-zip.ts";
export { readBundleDirectory } from "./bundles/read-bundle-directory.ts";
export { writeBundleDirectory } from "./bundles/write-bundle-directory.ts";
export { bundleToZip, bundleFromZip } from "./bundles/bundle-zip.ts";
export { createMailer, type Mailer } from "./mail/mailer.ts";
export { runMailJob } from "./mail/run-mail-job.ts";
export { requestPasswordReset } from "./users/request-password-reset.ts";
export { resetPassword } from "./users/reset-password.ts";
export { listCaughtMail, readCaughtMail } from "./mail/caught-mail.ts";
export { checkResetLink } from "./users/check-reset-link.ts";
export { requestAddressConfirmation } from "./users/request-address-confirmation.ts";
export { confirmAddress } from "./users/confirm-address.ts";
export { getAddressStatus } from "./users/get-address-status.ts";
export { listNotificationSettings, setNotification, unsubscribe } from "./notifications/notification-settings.ts";
export { NOTIFICATIONS } from "./notifications/notification-kinds.ts";
export { listRefusedUploads, type RefusedUploadRow } from "./refused-uploads/list-refused-uploads.ts";
export { REFUSED_UPLOADS_KEPT } from "./refused-uploads/record-refused-upload.ts";
export { attachIaFile } from "./cafa/attach-ia-file.ts";
