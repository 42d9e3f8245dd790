// @hierboard/platform: HierBoard's server-side business logic as plain functions. Each takes one
// input object (validated with the zod schema exported beside it) and, optionally, a
// PlatformContext; without one it uses the context set by configurePlatform().
export { AppError, APP_ERRORS, httpStatusFor, invalidFile, type AppErrorCode, type FileIssue } from "./errors/app-error.ts";
export { isRetryable } from "./errors/retry-decision.ts";
export { appErrorFrom } from "./errors/app-error-from.ts";
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
export { verifyCredentials, verifyCredentialsInput, type VerifiedUser } from "./users/verify-credentials.ts";
export { signUp, signUpInput } from "./users/sign-up.ts";
export { changePassword, changePasswordInput } from "./users/change-password.ts";
export { endSessions } from "./users/end-sessions.ts";
export { getSessionUser } from "./users/get-session-user.ts";
export { getSessionVersion } from "./users/get-session-version.ts";
export { checkPasswordStrength, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "./users/password-strength.ts";
export { upsertOAuthUser, upsertOAuthUserInput } from "./users/upsert-oauth-user.ts";
export { getUserById } from "./users/get-user-by-id.ts";
export { setUserRole, setUserRoleInput } from "./users/set-user-role.ts";
export { grantRole, grantRoleInput } from "./users/grant-role.ts";
export type { UserSummary } from "./users/user-summary.ts";
export { requestToHost, requestToHostInput } from "./users/request-to-host.ts";
export { decideHostRequest, decideHostRequestInput } from "./users/decide-host-request.ts";
export { setUserDisabled, setUserDisabledInput } from "./users/set-user-disabled.ts";
export { listUsers, type AdminUserRow } from "./users/list-users.ts";

export {
  createApiToken,
  createApiTokenInput,
  DEFAULT_TOKEN_DAYS,
  MAX_TOKEN_DAYS,
  type ApiTokenSummary,
} from "./tokens/create-api-token.ts";
export { requireSubmitScope } from "./tokens/require-token-scope.ts";
export { listApiTokens } from "./tokens/list-api-tokens.ts";
export { revokeApiToken } from "./tokens/revoke-api-token.ts";
export { authenticateApiToken, requireApiUser, type TokenUser } from "./tokens/authenticate-api-token.ts";

export { createTask, createTaskInput } from "./tasks/create-task.ts";
export { updateTask, updateTaskInput } from "./tasks/update-task.ts";
export { claimTaskForImport, claimTaskForImportInput } from "./tasks/claim-task-for-import.ts";
export { addTaskOwner, addTaskOwnerInput } from "./tasks/add-task-owner.ts";
export { listPublicTasks, type PublicTaskSummary } from "./tasks/list-public-tasks.ts";
export { setTaskStatus, setTaskStatusInput } from "./tasks/set-task-status.ts";
export { setUpTask, type SetUpTask, type TaskSetup } from "./tasks/set-up-task.ts";
export { listOrganisedTasks } from "./tasks/list-organised-tasks.ts";
export { getTaskConsole, type TaskConsole } from "./tasks/get-task-console.ts";
export { getTaskOverview, type TaskOverview } from "./tasks/get-task-overview.ts";
export { isTaskVisible } from "./tasks/is-task-visible.ts";
export type { GoldView, PhaseView, SubtaskView, TaxonomyView } from "./tasks/task-views.ts";
export { keySchema, slugSchema } from "./tasks/task-fields.ts";

export { uploadTaxonomy, uploadTaxonomyInput } from "./taxonomy/upload-taxonomy.ts";
export { createSubtask, createSubtaskInput } from "./subtasks/create-subtask.ts";
export { updateSubtask, updateSubtaskInput } from "./subtasks/update-subtask.ts";
export { createPhase, createPhaseInput } from "./phases/create-phase.ts";
export { updatePhase, updatePhaseInput } from "./phases/update-phase.ts";
export { archiveTaskPart, deleteTaskPart, removeTaskPartInput } from "./task-parts/remove-task-part.ts";
export { requireGoldUploadAccess, uploadGold, uploadGoldInput } from "./phases/upload-gold.ts";
export { holdUploadSlot, MAX_OPEN_UPLOADS_PER_ADDRESS } from "./access/open-uploads.ts";
export { requireLargeFormSender } from "./access/large-form-sender.ts";
export { rescorePhase, rescorePhaseInput } from "./phases/rescore-phase.ts";
export { getRescoreStatus, getRescoreStatusInput, type RescoreStatus } from "./phases/get-rescore-status.ts";
export { endPhaseNow, endPhaseNowInput } from "./phases/end-phase-now.ts";
export { publishResults, publishResultsInput } from "./phases/publish-results.ts";
export {
  describePhaseControls,
  describePhaseControlsInput,
  phaseControlsText,
  type PhaseControls,
} from "./phases/describe-phase-controls.ts";
export { resultsVisibility, type ResultsVisibility } from "./phases/results-visibility.ts";
export { boardCountingPhrase, countingBadge, noSelectionRule, type CountingRule } from "./phases/describe-counting.ts";
export { splitRule, splitSentence } from "./gold-split/describe-split.ts";
export type { GoldPart, SplitPart } from "./gold-split/gold-part.ts";

export { createTeam, createTeamInput } from "./teams/create-team.ts";
export { createInvitation, createInvitationInput } from "./teams/create-invitation.ts";
export { joinTeamByCode, joinTeamByCodeInput } from "./teams/join-team-by-code.ts";
export { getTeamArea, type TeamArea } from "./teams/get-team-area.ts";
export { getTeamFinalRuns, type FinalRunsBlock } from "./teams/get-team-final-runs.ts";
export { selectFinalRuns, selectFinalRunsInput } from "./submissions/select-final-runs.ts";
export { setFinalRunSelected, setFinalRunSelectedInput } from "./submissions/set-final-run-selected.ts";
export type { FinalRunSelection } from "./submissions/write-final-run-selection.ts";
export { listTeamRuns, listTeamRunsInput, type TeamRuns } from "./teams/list-team-runs.ts";
export { countedRunsOfTeam, selectFinalRunEntries } from "./leaderboard/final-run-entries.ts";

export {
  createSubmission,
  createSubmissionFromUpload,
  createSubmissionInput,
  type CreatedSubmission,
} from "./submissions/create-submission.ts";
export { createBaseline, createBaselineInput } from "./submissions/create-baseline.ts";
export { getSubmission, type SubmissionDetails, type SubmissionScore } from "./submissions/get-submission.ts";
export { getNodeStatistics, type NodeStatisticsAnswer } from "./node-statistics/get-node-statistics.ts";
export { nodeRows, subtreeRows, type NodeRow } from "./node-statistics/node-rows.ts";
export { decodeNodeStatistics, encodeNodeStatistics } from "./node-statistics/node-statistics-codec.ts";
export { decodeTaxonomyOutline, encodeTaxonomyOutline } from "./taxonomy/taxonomy-outline-codec.ts";
export { getNodeHeatMap, type NodeHeatMap } from "./node-statistics/node-heat-map.ts";
export { nodeHeatMapCsv, nodeHeatMapLatex } from "./node-statistics/node-heat-map-export.ts";
export { submissionPageAccess } from "./submissions/submission-page-access.ts";
export type { ScoreHistoryEntry } from "./submissions/load-score-history.ts";
export { startOfUtcDay } from "./submissions/submission-limits.ts";
export { getSubmissionDiagnostics, type SubmissionDiagnostics } from "./submissions/get-submission-diagnostics.ts";
export {
  compareSubmissionPair,
  compareSubmissionPairInput,
  PAIRED_TEST_OPTIONS,
  type PairComparison,
  type PairSide,
} from "./submissions/compare-submission-pair.ts";
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
export { EXCLUDES_ESTIMATE_MARK, EXCLUDES_ESTIMATE_NOTE, INTERVAL_METHOD_NAME } from "./leaderboard/interval-notes.ts";
export { loadBoardKey, type BoardKey } from "./leaderboard/load-board-key.ts";
export { publicTaskPage, publicTaskPageKey, type PublicTaskPage } from "./leaderboard/public-task-page-key.ts";
export { SIDE_BY_SIDE_MEASURES } from "./leaderboard/measure-rankings.ts";
export { sortBoardRows, defaultOrder, type BoardSortKey, type SortOrder } from "./leaderboard/sort-board-rows.ts";
export { neutraliseCsvCell } from "./leaderboard/neutralise-csv-cell.ts";
export { boardToCsv, boardToJson, cachedBoardCsv, leaderboardResponseText } from "./leaderboard/export-board.ts";
export { TIE_TEST } from "./leaderboard/tie-test.ts";
export { updateBoardTies } from "./leaderboard/update-board-ties.ts";
export { rankedBoard } from "./leaderboard/ranked-board.ts";
export { getBoardHistory, type BoardHistory, type HistoryPart } from "./leaderboard/progress/get-board-history.ts";
export { historyToCsv } from "./leaderboard/progress/history-to-csv.ts";
export type { BaselineLevel, ProgressStep, TeamProgress } from "./leaderboard/progress/progress-series.ts";
export { recordPrediction } from "./statistics/record-prediction.ts";
export { storedAnalysis, STORED_LABEL_ERRORS, type StoredAnalysis, type StoredLabelErrors } from "./statistics/stored-analysis.ts";
export { decodeStatistics, encodeStatistics } from "./statistics/statistics-codec.ts";
export { RECORDING_MAX_DOCUMENTS, recordedFamilies } from "./statistics/recorded-families.ts";

export { measureCatalogue, DEFAULT_PRIMARY_MEASURE, DEFAULT_SHOWN_MEASURES, type MeasureOption } from "./scoring/measure-catalogue.ts";
export { loadScoringSetup, parsePrediction, type ScoringSetup } from "./scoring/load-scoring-setup.ts";
export { BOOTSTRAP_SEED, computeScores, scoresFromEvaluation, type ComputedScores, type ScoreRow } from "./scoring/compute-scores.ts";

// The submission lifecycle the scoring worker runs: claim, score (in one job or as a flow of
// shards merged exactly), store (the one score writer), fail, and re-queue what was lost.
export {
  failSubmission,
  scoreSubmission,
  type ScoreOutcome,
  type ScoringSummary,
  type ShardFlow,
  type ShardingPlan,
} from "./scoring-lifecycle/score-submission.ts";
export { writeScoreRows } from "./scoring-lifecycle/write-score-rows.ts";
export { requeueStuckSubmissions } from "./scoring-lifecycle/requeue-stuck-submissions.ts";
export { submissionBoard } from "./scoring-lifecycle/submission-board.ts";
export { storedDocumentCount } from "./scoring-lifecycle/stored-document-count.ts";
export { scoreShard, scoreShardFrom } from "./scoring-lifecycle/sharding/score-shard.ts";
export { scoringBudget } from "./scoring-lifecycle/scoring-budget.ts";
export { storedShards, storeShardResult } from "./scoring-lifecycle/sharding/stored-shard-results.ts";
export { planShards, type ShardLimits } from "./scoring-lifecycle/sharding/plan-shards.ts";
// The database client and its types, for apps that must not import @hierboard/db themselves.
export { createPrismaClient, type Db, type DbTx } from "@hierboard/db";

export { acceptRequestId, currentRequestId, withRequestId } from "./context/request-id.ts";
export { checkReadiness, type Readiness, type ReadinessCheck } from "./operations/check-readiness.ts";
export { readQueueSnapshot, type QueueSnapshot } from "./operations/read-queue-snapshot.ts";
export { readSubmissionSnapshot, SUBMISSION_STATUSES, type SubmissionSnapshot } from "./operations/read-submission-snapshot.ts";
export { getOperationsStatus, type OperationsStatus } from "./operations/get-operations-status.ts";
export { requeueStuckScoring, requeueStuckScoringInput, STUCK_SCORING_THRESHOLD_MS } from "./operations/requeue-stuck-scoring.ts";
export {
  buildDataFile,
  buildDataFileInput,
  DATA_FILES,
  SAMPLE_FILE_NAMES,
  type DataFile,
  type DataFileName,
} from "./data-format/build-data-file.ts";
export { sampleFormats, sampleSubmission, sampleLabelPath, SAMPLE_FORMATS, type SampleFormat } from "./data-format/sample-submission.ts";
export { pairSideNames, type NamedSide } from "./submissions/pair-side-names.ts";
export { getTeamStanding, type TeamStanding } from "./teams/get-team-standing.ts";
export {
  getTeamPage,
  type TeamPage,
  type TeamPagePhase,
  type TeamPageBoard,
  type TeamPageRun,
} from "./system-descriptions/get-team-page.ts";
export { updateTeamDescription, updateTeamDescriptionInput } from "./system-descriptions/update-team-description.ts";
export { updateRunDescription, updateRunDescriptionInput } from "./system-descriptions/update-run-description.ts";
export {
  paperUrlProblem,
  systemDescriptionFields,
  PAPER_URL_MAX,
  SYSTEM_DESCRIPTION_MAX,
  SYSTEM_NAME_MAX,
  type SystemDescription,
} from "./system-descriptions/system-description-fields.ts";
export { formatUtc } from "./context/format-utc.ts";
export { paperTable, type PaperTable, type PaperRow, type PaperColumn, type PaperCell, type PaperTableInfo } from "./paper/paper-table.ts";
export { boardToLatex } from "./paper/board-to-latex.ts";
export { boardToMarkdown, escapeMarkdown } from "./paper/board-to-markdown.ts";
export { escapeLatex } from "./paper/escape-latex.ts";
export { getPaperTable, getPaperTableInput, type PaperTableText } from "./paper/get-paper-table.ts";

export { attachTaskFile, attachTaskFileInput } from "./task-files/attach-task-file.ts";
export { replaceTaskFile, replaceTaskFileInput } from "./task-files/replace-task-file.ts";
export { removeTaskFile, removeTaskFileInput } from "./task-files/remove-task-file.ts";
export { listTaskFiles } from "./task-files/list-task-files.ts";
export { downloadTaskFile, downloadTaskFileInput } from "./task-files/download-task-file.ts";
export {
  MAX_TASK_FILES,
  TASK_FILE_KINDS,
  TASK_FILE_KIND_LABELS,
  type TaskFileView,
} from "./task-files/task-file-fields.ts";
export { checkTaskFileName, taskFileNameProblem, visibleName, type TaskFileNameProblem } from "./task-files/task-file-name.ts";

export { MANIFEST_NAME, BUNDLE_FORMAT, isSafeBundlePath, type TaskBundle, type BundleIssue } from "./bundles/task-bundle.ts";
export { bundleManifest, PHASE_SETTINGS, SUBTASK_SETTINGS, type BundleManifest } from "./bundles/bundle-manifest.ts";
export { parseBundleManifest, bundleError } from "./bundles/parse-bundle-manifest.ts";
export { manifestToYaml } from "./bundles/manifest-to-yaml.ts";
export { validateTaskBundle } from "./bundles/validate-task-bundle.ts";
export { buildTaskBundle, buildTaskBundleInput } from "./bundles/build-task-bundle.ts";
export { exportSubmissions, type SubmissionExport } from "./submission-export/export-submissions.ts";
export { importTaskBundle, importTaskBundleInput } from "./bundles/import-task-bundle.ts";
export { importTaskBundleZip, MAX_BUNDLE_UNPACKED_BYTES } from "./bundles/import-task-bundle-zip.ts";
export { readBundleDirectory } from "./bundles/read-bundle-directory.ts";
export { writeBundleDirectory } from "./bundles/write-bundle-directory.ts";
export { bundleToZip, bundleFromZip } from "./bundles/bundle-zip.ts";
export { createMailer, type Mailer } from "./mail/mailer.ts";
export { runMailJob } from "./mail/run-mail-job.ts";
export { requestPasswordReset, requestPasswordResetInput } from "./users/request-password-reset.ts";
export { resetPassword, resetPasswordInput } from "./users/reset-password.ts";
export { listCaughtMail, readCaughtMail, type CaughtMailSummary, type CaughtMail } from "./mail/caught-mail.ts";
export { checkResetLink } from "./users/check-reset-link.ts";
export { requestAddressConfirmation } from "./users/request-address-confirmation.ts";
export { confirmAddress, confirmAddressInput } from "./users/confirm-address.ts";
export { getAddressStatus } from "./users/get-address-status.ts";
export { listNotificationSettings, setNotification, setNotificationInput, unsubscribe } from "./notifications/notification-settings.ts";
export { NOTIFICATIONS } from "./notifications/notification-kinds.ts";
export { listRefusedUploads, type RefusedUploadRow } from "./refused-uploads/list-refused-uploads.ts";
export { REFUSED_UPLOADS_KEPT } from "./refused-uploads/record-refused-upload.ts";
export { attachIaFile } from "./cafa/attach-ia-file.ts";
export type { CafaSubtaskOptions } from "./cafa/cafa-subtask-options.ts";
