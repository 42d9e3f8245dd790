import { measureInfo } from "@hierboard/metrics";
import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { LRUCache } from "lru-cache";
import { HEADLINE_MEASURES } from "../scoring/measure-catalogue.ts";
import { engineFileRefs, withTaxonomyContent } from "../scoring/engine/engine-file-refs.ts";
import { runInEngineThread } from "../scoring/engine/engine-pool.ts";
import { loadReadableSubmission } from "./load-readable-submission.ts";
import { PAIRED_TEST_OPTIONS, type LabelledTest } from "./paired-tests.ts";

export { PAIRED_TEST_OPTIONS };

export const compareSubmissionPairInput = z.object({
  id: z.string().min(1),
  otherId: z.string().min(1),
  viewerId: z.string().min(1).nullable(),
});

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
  tests: LabelledTest[];
}

const comparisons = new LRUCache<string, PairComparison>({ max: 64 });

/**
 * A paired significance test between two scored submissions of the same subtask and phase, on the
 * same gold documents (the engine's `pairedTest`, approximate randomisation over the per-document
 * statistics). The viewer must be allowed to read both. The statistics are the ones the worker
 * stored at scoring time; the test runs in an engine thread (1,000 resamples cost tens of
 * milliseconds at 20k documents), never on the request thread, and no file is parsed. The result
 * is cached per process by submission pair and gold version, so a page reload is free.
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

  const primary = a.subtask.primaryMeasure;
  const stored = await ctx.db.scoreSet.findMany({
    where: { goldVersion: goldA, submissionId: { in: [a.id, b.id] }, part: a.part },
    select: { submissionId: true, statistics: true, statisticsFamilies: true, goldHash: true },
  });
  const setA = stored.find((x) => x.submissionId === a.id);
  const setB = stored.find((x) => x.submissionId === b.id);
  if (!setA?.statistics || !setB?.statistics || setA.goldHash !== setB.goldHash) {
    throw new AppError(
      "CONFLICT",
      "These submissions have no stored per-document statistics to compare (the task is over the recording limit, or they await re-scoring).",
    );
  }
  const families = new Set(setA.statisticsFamilies.filter((f) => setB.statisticsFamilies.includes(f)));
  // Shown next to the primary measure when the evaluation has them.
  const measures = [primary, ...HEADLINE_MEASURES.filter((m) => m !== primary)].filter(
    (m) => measureInfo(m) !== undefined && families.has(measureInfo(m)!.family),
  );
  const refs = await engineFileRefs(ctx.db, { subtaskId: a.subtaskId, phaseId: a.phaseId, goldVersion: goldA });
  const cafa = families.has("cafa") ? await cafaSetting(ctx, a.subtaskId) : undefined;
  const { documents, tests } = await runInEngineThread<{ documents: number; tests: LabelledTest[] }>(
    { kind: "compare", taxonomy: refs.taxonomy, a: setA.statistics, b: setB.statistics, measures, ...(cafa ? { cafa } : {}) },
    (task) => withTaxonomyContent(ctx.db, a.subtaskId, task),
  );
  const side = (s: typeof a): PairSide => ({
    id: s.id,
    teamName: s.team?.name ?? s.label ?? null,
    fileName: s.fileName,
    createdAt: s.createdAt,
  });
  const result: PairComparison = { a: side(a), b: side(b), goldVersion: goldA, documents, primaryMeasure: primary, tests };
  comparisons.set(key, result);
  return result;
}

/** A CAFA-style subtask's options and IA file (with its bytes), for reading its stored cafa statistics. */
async function cafaSetting(ctx: PlatformContext, subtaskId: string) {
  const subtask = await ctx.db.subtask.findUniqueOrThrow({
    where: { id: subtaskId },
    select: { cafa: true, taxonomyVersion: { select: { iaHash: true, iaFileName: true, iaContent: true } } },
  });
  const tv = subtask.taxonomyVersion;
  const ia = tv.iaHash && tv.iaContent ? { hash: tv.iaHash, fileName: tv.iaFileName ?? "ia.tsv", content: tv.iaContent } : null;
  return { options: subtask.cafa, ia };
}
