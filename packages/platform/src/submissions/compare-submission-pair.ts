import { measureInfo, pairedTest, recordEvaluation, type PairedTestResult, type RecordedStatistics } from "@hierboard/metrics";
import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError, withInputErrors } from "../errors/app-error.ts";
import { BoundedCache } from "../scoring/bounded-cache.ts";
import { loadScoringSetup, parsePrediction } from "../scoring/load-scoring-setup.ts";
import { loadReadableSubmission, readSubmissionFile } from "./load-readable-submission.ts";

export const compareSubmissionPairInput = z.object({
  id: z.string().min(1),
  otherId: z.string().min(1),
  viewerId: z.string().min(1).nullable(),
});

/** Approximate randomisation, fixed resamples and seed: the same pair always gets the same p-value. */
export const PAIRED_TEST_OPTIONS = { method: "randomization", resamples: 1000, seed: 1 } as const;
/** Shown next to the primary measure when the evaluation has them. */
const COMPARED_MEASURES = ["hc.f1", "flat.micro.f1", "hierarchical.f1"];

export interface PairSide {
  id: string;
  teamName: string | null;
  fileName: string;
  createdAt: Date;
}

export interface PairComparison {
  a: PairSide;
  b: PairSide;
  goldVersion: number;
  documents: number;
  primaryMeasure: string;
  /** One paired test per measure, primary first; `difference` is a − b. */
  tests: (PairedTestResult & { label: string; higherIsBetter: boolean })[];
}

const comparisons = new BoundedCache<PairComparison>(64);

/**
 * A paired significance test between two scored submissions of the same subtask and phase, on the
 * same gold documents (the engine's `pairedTest`, approximate randomisation over the per-document
 * statistics). The viewer must be allowed to read both. The statistics are recorded on demand from
 * the stored files (only the families of the compared measures) and the result is cached per
 * process by submission pair and gold version, so a page reload is free.
 */
export async function compareSubmissionPair(
  input: z.input<typeof compareSubmissionPairInput>,
  ctx: PlatformContext = platformContext(),
): Promise<PairComparison> {
  const data = compareSubmissionPairInput.parse(input);
  if (data.id === data.otherId) throw new AppError("INVALID_INPUT", "Pick another submission to compare with.");
  const [a, b] = await Promise.all([
    loadReadableSubmission({ id: data.id, viewerId: data.viewerId }, ctx),
    loadReadableSubmission({ id: data.otherId, viewerId: data.viewerId }, ctx),
  ]);
  if (a.subtaskId !== b.subtaskId || a.phaseId !== b.phaseId) {
    throw new AppError("INVALID_INPUT", "Only submissions to the same subtask and phase can be compared.");
  }
  const goldA = a.scoreSets[0]?.goldVersion;
  const goldB = b.scoreSets[0]?.goldVersion;
  if (a.status !== "SCORED" || b.status !== "SCORED" || goldA === undefined || goldA !== goldB) {
    throw new AppError("CONFLICT", "Both submissions must be scored against the same gold version.");
  }
  const key = `${a.id}|${b.id}|${goldA}`;
  const cached = comparisons.get(key);
  if (cached) return cached;

  const setup = await loadScoringSetup(ctx.db, { subtaskId: a.subtaskId, phaseId: a.phaseId, goldVersion: goldA });
  const primary = a.subtask.primaryMeasure;
  const measures = [primary, ...COMPARED_MEASURES.filter((m) => m !== primary)].filter((m) => measureInfo(m) !== undefined);
  const families = [...new Set(measures.map((m) => measureInfo(m)!.family))];
  const record = async (s: typeof a): Promise<RecordedStatistics> => {
    const pred = parsePrediction(setup, await readSubmissionFile(s.id, ctx), s.fileName);
    return withInputErrors(() =>
      recordEvaluation({ taxonomy: setup.taxonomy, gold: setup.gold, pred, missingDocuments: setup.subtask.missingDocuments, metrics: families }),
    );
  };
  const statsA = await record(a);
  const statsB = await record(b);
  const tests = measures.map((measure) => {
    const info = measureInfo(measure)!;
    return { ...withInputErrors(() => pairedTest(statsA, statsB, measure, PAIRED_TEST_OPTIONS)), label: info.label, higherIsBetter: info.direction === "higher" };
  });
  const side = (s: typeof a): PairSide => ({ id: s.id, teamName: s.team?.name ?? s.label ?? null, fileName: s.fileName, createdAt: s.createdAt });
  const result: PairComparison = { a: side(a), b: side(b), goldVersion: goldA, documents: statsA.documents, primaryMeasure: primary, tests };
  comparisons.set(key, result);
  return result;
}
