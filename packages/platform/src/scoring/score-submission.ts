import type { Db } from "@hierboard/db";
import type { Subtask } from "@hierboard/metrics";
import { AppError } from "../errors/app-error.ts";
import { scoresFromEvaluation, type ComputedScores } from "./engine/compute-scores.ts";
import { ensureGoldDocuments } from "./setup/store-gold-documents.ts";
import { loadScoringTaxonomy, type TaxonomySetup } from "./setup/load-scoring-setup.ts";
import type { ScoredPrediction } from "./engine/score-prediction.ts";
import { RECORDING_MAX_DOCUMENTS, recordedFamilies } from "./statistics/recorded-families.ts";
import { storedAnalysis, type StoredAnalysis } from "./statistics/stored-analysis.ts";
import { recordedNodeStatistics, type RecordedNodeStatistics } from "./statistics/record-node-statistics.ts";
import { engineFileRefs } from "./engine/engine-file-refs.ts";
import { runInEngineThread } from "./engine/engine-pool.ts";
import { withGoldContent } from "./engine/with-gold-content.ts";
import { mergeStoredShards } from "./shards/merge-stored-shards.ts";
import { planShards, type ShardLimits } from "./shards/plan-shards.ts";
import { planCafaShards } from "./shards/plan-cafa-shards.ts";
import { storedBytes, storedSize } from "./shards/stored-bytes.ts";
import type { ShardingPlan, ShardSpec, WaitingForShards } from "./shards/sharding-plan.ts";
import { deleteShardResults, storedShards } from "./shards/stored-shard-results.ts";
import { scoringBudget, type ScoringBudget } from "./scoring-budget.ts";
import { storeScoreSet } from "./store/store-score-set.ts";
import { scoreSplitParts, type PartScores } from "./engine/score-split-parts.ts";
import { WHOLE_GOLD } from "../gold-split/gold-part.ts";
import { writeNodeStatistics } from "./statistics/write-node-statistics.ts";

export type ScoreOutcome = "scored" | "sharded" | "already-final";

/** What a scoring job reports once its scores are stored (the job's return value; the duration metric reads it). */
export interface ScoringSummary {
  documents: number;
  /** Seconds each measure family took; only for a submission scored in one job (shards time nothing). */
  familySeconds?: Record<string, number>;
}
/** How a scoring job splits a large submission into shard jobs, and where it keeps the plan. */
export interface ShardingOptions {
  limits: ShardLimits;
  /** The plan an earlier run of this job stored, if any. */
  planned: ShardingPlan | undefined;
  /** Stores the plan with the job before any shard exists, so a retried job finds the same shards. */
  savePlan(plan: ShardingPlan): Promise<void>;
}

export interface ScoreSubmissionOptions {
  /** Reports progress (0–100) to the job. */
  progress?: (percent: number) => Promise<void>;
  /** Test hook: wait after the submission is marked SCORING. */
  pauseMs?: number;
  /** Test hook: wait inside the score-writing transaction, before it commits. */
  writePauseMs?: number;
  /** Without it a submission is always scored in one job. */
  sharding?: ShardingOptions;
  log?: (line: string) => void;
  /** Called once the scores are stored. */
  onScored?: (summary: ScoringSummary) => void;
  /**
   * The job's time budget in seconds: past it, the engine thread scoring the file is ended and the
   * job fails with SCORING_TIMEOUT ("scoring took longer than N s"), which is final.
   */
  budgetSeconds?: number;
}

const section = (value: string | null): Subtask | undefined => (value === "a" || value === "b" ? value : undefined);

/**
 * Scores one submission: QUEUED → SCORING, parse and evaluate with the engine (taxonomy and gold
 * cached by hash), then in ONE transaction upsert the score set and every score row and move
 * SCORING → SCORED. Safe to run again after a crash at any point: a submission found in SCORING
 * is resumed, one already SCORED or FAILED is left alone, and the upserts never duplicate rows.
 * Errors carry their own retry decision (`isRetryable`): the engine's InputError and an
 * INVALID_FILE, GOLD_MISSING or NOT_FOUND AppError mean the file can never be scored.
 *
 * With `sharding`, a file over the limits is cut into shards (one streaming pass) and the result
 * names the shards still to score (`WaitingForShards`); once every shard's result is stored, a
 * run merges them (see `mergeStoredShards`): the stored scores are exactly those of scoring it in one job.
 */
export async function scoreSubmission(
  db: Db,
  submissionId: string,
  opts: ScoreSubmissionOptions = {},
): Promise<ScoreOutcome | WaitingForShards> {
  const budget = opts.budgetSeconds === undefined ? undefined : scoringBudget(opts.budgetSeconds);
  const claimed = await db.submission.updateMany({
    where: { id: submissionId, status: "QUEUED" },
    data: { status: "SCORING", startedAt: new Date(), errorMessage: null },
  });
  if (claimed.count === 0) {
    const current = await db.submission.findUnique({ where: { id: submissionId }, select: { status: true } });
    if (!current) throw new AppError("NOT_FOUND", `submission ${submissionId} does not exist`);
    // SCORING means an earlier attempt died mid-job (stalled or retried), or shards finished: resume it.
    if (current.status !== "SCORING") return "already-final";
  }
  await opts.progress?.(10);
  if (opts.pauseMs) await new Promise((resolve) => setTimeout(resolve, opts.pauseMs));

  const submission = await db.submission.findUniqueOrThrow({
    where: { id: submissionId },
    select: { subtaskId: true, phaseId: true, fileName: true },
  });
  let scores: ComputedScores;
  let analysis: StoredAnalysis;
  // The explorer's per-node statistics (none for a sharded submission whose shards were stored without them).
  let nodes: RecordedNodeStatistics | null = null;
  // A split phase's public and private parts, scored in the same pass (gold-split/).
  let parts: PartScores[] = [];
  let sharded = false;
  let plan = opts.sharding?.planned;
  // The taxonomy only: a sharded submission never holds the whole gold (see mergeStoredShards).
  const {
    taxonomyKey: _t,
    goldContentHash: _g,
    ...base
  } = await loadScoringTaxonomy(db, {
    subtaskId: submission.subtaskId,
    phaseId: submission.phaseId,
    goldVersion: plan?.goldVersion,
  });
  await opts.progress?.(20);
  if (opts.sharding && !plan) plan = await planSharding(db, submissionId, submission.fileName, base, opts.sharding);
  if (opts.sharding && plan) {
    sharded = true;
    const missing = await missingShards(db, submissionId, plan);
    if (missing.length > 0) return { waitingForShards: missing };
    await opts.progress?.(60);
    const merged = await mergeStoredShards(db, base, plan.goldVersion, {
      submissionId,
      fileName: submission.fileName,
      // A split needs every document's statistics: each part sums its own.
      recording: (documents) => base.subtask.bootstrap > 0 || Boolean(base.split) || documents <= RECORDING_MAX_DOCUMENTS,
    });
    const { recorded } = merged;
    scores = scoresFromEvaluation(base, merged.evaluation, () => {
      if (!recorded) throw new Error("the merge kept no per-document statistics (no bootstrap, gold over the recording limit)");
      return recorded;
    });
    analysis = storedAnalysis(
      merged.recorded && merged.recorded.documents <= RECORDING_MAX_DOCUMENTS
        ? merged.recorded.restrict(recordedFamilies(base.subtask.primaryMeasure))
        : null,
    );
    nodes = merged.nodes && recordedNodeStatistics(merged.nodes, scores.breakdown);
    if (base.split) {
      if (!recorded) throw new Error("the merge kept no per-document statistics for the split's parts");
      parts = scoreSplitParts(base, merged.evaluation, recorded, base.split);
    }
  } else {
    // Not sharded: the file and the gold are under the shard limits, so holding them whole is bounded too.
    // Scored in an engine thread, so that this thread keeps renewing the job's lock.
    const refs = await engineFileRefs(db, { subtaskId: submission.subtaskId, phaseId: submission.phaseId, goldVersion: base.goldVersion });
    const { content } = await db.submission.findUniqueOrThrow({ where: { id: submissionId }, select: { content: true } });
    await opts.progress?.(30);
    const scored = await withinBudget(budget, () =>
      runInEngineThread<ScoredPrediction>(
        {
          kind: "score",
          ...refs,
          goldVersion: refs.gold.version,
          subtask: base.subtask,
          split: base.split,
          ia: base.ia,
          fileName: submission.fileName,
          content,
        },
        (task) => withGoldContent(db, submission.subtaskId, refs.gold.id, task),
        budget?.signal,
      ),
    );
    scores = scored.scores;
    analysis = scored.analysis;
    nodes = scored.nodes;
    parts = scored.parts;
  }
  await opts.progress?.(80);
  await storeScores(db, submissionId, base, { scores, analysis: { ...analysis, nodes }, parts }, opts.writePauseMs, opts.log);
  opts.onScored?.({ documents: scores.documents, ...(scores.familySeconds ? { familySeconds: scores.familySeconds } : {}) });
  await opts.progress?.(100);
  return sharded ? "sharded" : "scored";
}

/**
 * Cuts the stored file into shards; undefined (score in one job) when one shard would do and the
 * gold is small too. A large gold is always scored through shards, even for one shard (or none:
 * an empty file), so no job holds the whole gold; its documents are stored by row first if this
 * version predates that (`ensureGoldDocuments`). A gold that cannot be stored by row is scored in
 * one job, as before.
 */
async function planSharding(
  db: Db,
  submissionId: string,
  fileName: string,
  setup: TaxonomySetup,
  sharding: ShardingOptions,
): Promise<ShardingPlan | undefined> {
  const size = (await storedSize(db, submissionId)) ?? 0;
  const chunks = storedBytes(db, submissionId, 0, size);
  // A CAFA score file is cut between proteins; one whose proteins' lines are not together, or
  // with none (the parser's EMPTY_FILE error), is scored whole.
  const planned =
    setup.subtask.cafa !== null
      ? await planCafaShards(chunks, { fileName, totalBytes: size, limits: sharding.limits })
      : await planShards(chunks, { fileName, subtask: section(setup.subtask.section), totalBytes: size, limits: sharding.limits });
  if (!planned || (setup.subtask.cafa !== null && planned.documents === 0)) return undefined;
  if (planned.shards.length <= 1 && setup.goldRef.documents <= sharding.limits.maxDocuments) return undefined;
  setup.goldRef.documentFormat ??= await ensureGoldDocuments(db, setup.goldRef.id);
  if (!setup.goldRef.documentFormat) return undefined;
  const plan: ShardingPlan = {
    goldVersion: setup.goldVersion,
    shards: planned.shards.map((s, shard) => ({
      ...s,
      submissionId,
      shard,
      shards: planned.shards.length,
      goldVersion: setup.goldVersion,
      format: planned.format,
    })),
  };
  // Results of an earlier plan (say, against an older gold version) must not reach this merge.
  await deleteShardResults(db, submissionId);
  await sharding.savePlan(plan);
  return plan;
}

/** The shards of the plan whose result is not stored yet. */
async function missingShards(db: Db, submissionId: string, plan: ShardingPlan): Promise<ShardSpec[]> {
  const done = new Set((await storedShards(db, submissionId, plan.goldVersion)).map((s) => s.shard));
  return plan.shards.filter((s) => !done.has(s.shard));
}

/**
 * One transaction: the whole gold's score set (with the per-document statistics and label
 * analysis the read paths use) and, in a split phase, one per part, every row, and SCORING →
 * SCORED; nothing is visible before it commits.
 */
async function storeScores(
  db: Db,
  submissionId: string,
  setup: Pick<TaxonomySetup, "goldVersion" | "taxonomyHash" | "goldHash">,
  scored: { scores: ComputedScores; analysis: StoredAnalysis & { nodes: RecordedNodeStatistics | null }; parts: PartScores[] },
  pauseMs?: number,
  log?: (line: string) => void,
): Promise<void> {
  const { goldVersion } = setup;
  const { scores, analysis } = scored;
  await db.$transaction(
    async (tx) => {
      const setId = await storeScoreSet(tx, { submissionId, goldVersion, part: WHOLE_GOLD }, setup, scores, analysis);
      await writeNodeStatistics(tx, setId, analysis.nodes);
      for (const p of scored.parts) {
        const partSetId = await storeScoreSet(tx, { submissionId, goldVersion, part: p.part }, setup, p.scores, p.analysis);
        await writeNodeStatistics(tx, partSetId, p.nodes ?? null);
      }
      await deleteShardResults(tx, submissionId);
      if (pauseMs) {
        log?.(`[worker] ${submissionId}: ${scores.rows.length} rows written, debug pause of ${pauseMs} ms before commit`);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      await tx.submission.updateMany({
        where: { id: submissionId, status: "SCORING" },
        data: { status: "SCORED", finishedAt: new Date(), errorMessage: null },
      });
    },
    { maxWait: 10_000, timeout: 60_000 + (pauseMs ?? 0) },
  );
}

/** Moves a submission to FAILED with its reason, from QUEUED or SCORING only. */
export async function failSubmission(db: Db, submissionId: string, message: string): Promise<void> {
  await db.submission.updateMany({
    where: { id: submissionId, status: { in: ["QUEUED", "SCORING"] } },
    data: { status: "FAILED", errorMessage: message.slice(0, 4000), finishedAt: new Date() },
  });
}

/** Runs `work`; once `budget` has run out, SCORING_TIMEOUT instead of its result or error. */
async function withinBudget<T>(budget: ScoringBudget | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    budget?.check();
    throw error;
  }
}
