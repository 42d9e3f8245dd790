import type { Db } from "@hierboard/db";
import {
  computeScores,
  createSubmission,
  createUser,
  loadScoringSetup,
  parsePrediction,
  setUpTask,
  type PlatformContext,
} from "@hierboard/platform";
import { syntheticShardTask } from "./fixtures/synthetic-shard-task.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

export interface SeededSyntheticTask {
  submit(): Promise<string>;
  pred: Uint8Array;
}

/** The generated DAG task (400 documents) with one subtask, an open phase and a team. */
export async function seedSyntheticTask(
  ctx: PlatformContext,
  opts: { slug?: string; bootstrap?: number } = {},
): Promise<SeededSyntheticTask> {
  const slug = opts.slug ?? "synthetic";
  const task = syntheticShardTask();
  const organiser = await createUser({ name: "Org", email: `org@${slug}.test`, password: "organiser-pass", role: "ORGANISER" }, ctx);
  const member = await createUser({ name: "Team", email: `team@${slug}.test`, password: "participant-pass" }, ctx);
  await setUpTask(
    {
      organiserId: organiser.id,
      slug,
      title: slug,
      taxonomy: { fileName: "taxonomy.tsv", content: bytes(task.taxonomy) },
      subtasks: [
        {
          key: "full",
          name: "Full",
          unknownLabels: "drop",
          missingDocuments: "empty",
          bootstrap: opts.bootstrap ?? 100,
          measuresShown: ["flat.micro.f1", "hc.f1"],
          primaryMeasure: "flat.micro.f1",
        },
      ],
      gold: { fileName: "gold.tsv", content: bytes(task.gold) },
      teams: [{ userId: member.id, name: `team-${slug}` }],
    },
    ctx,
  );
  const pred = bytes(task.pred);
  return {
    pred,
    submit: async () =>
      (await createSubmission({ userId: member.id, slug, subtaskKey: "full", phaseKey: "test", fileName: "pred.tsv", content: pred }, ctx))
        .id,
  };
}

/** What scoring the submission in one job, in this process, gives: the clean run to compare with. */
export async function cleanScores(db: Db, submissionId: string) {
  const s = await db.submission.findUniqueOrThrow({ where: { id: submissionId } });
  const setup = await loadScoringSetup(db, { subtaskId: s.subtaskId, phaseId: s.phaseId });
  const { rows } = computeScores(setup, parsePrediction(setup, s.content, s.fileName));
  return rows;
}

/** The stored rows in the same shape, and checks on duplicates. */
export async function storedScores(db: Db, submissionId: string) {
  const rows = await db.score.findMany({ where: { submissionId }, orderBy: { measure: "asc" } });
  const sets = await db.scoreSet.count({ where: { submissionId } });
  return {
    rows: rows
      .map((r) => ({ measure: r.measure, value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh }))
      .sort((a, b) => a.measure.localeCompare(b.measure)),
    sets,
    distinctMeasures: new Set(rows.map((r) => r.measure)).size,
  };
}
