// The load benchmark's task: GermEval 2019 Task 1, subtask B, read from the shared data folder at
// run time (never copied into the repo), with teams that submit through the API with their tokens.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  createApiToken,
  createPhase,
  createSubtask,
  createTask,
  createTeam,
  createUser,
  setTaskStatus,
  updatePhase,
  uploadGold,
  uploadTaxonomy,
  type PlatformContext,
} from "@hierboard/platform";

export const GERMEVAL_DIR = path.join(process.env.HIERBOARD_SHARED ?? "/work/shared", "data/germeval2019");
const read = (...parts: string[]) => new Uint8Array(readFileSync(path.join(GERMEVAL_DIR, ...parts)));

export interface LoadTask {
  slug: string;
  subtaskKey: string;
  organiserId: string;
  /** Closed after the reports are seeded, so its reports are public. */
  reportsPhase: { key: string; startsAt: Date };
  /** Open for the whole run: the teams submit here. */
  livePhase: string;
  teams: { name: string; userId: string; token: string }[];
  /** The shared submission files that have a subtask B section. */
  files: { fileName: string; content: Uint8Array }[];
}

export async function seedGermevalTask(ctx: PlatformContext, teams: number): Promise<LoadTask> {
  const slug = "germeval-load";
  const org = await createUser({ name: "Org", email: "org@load.test", password: "organiser-pass", role: "ORGANISER" }, ctx);
  await createTask({ userId: org.id, slug, title: "GermEval 2019 under load" }, ctx);
  const taxonomy = await uploadTaxonomy({ userId: org.id, slug, fileName: "hierarchy.txt", content: read("hierarchy.txt") }, ctx);
  await createSubtask(
    {
      userId: org.id,
      slug,
      taxonomyVersionId: taxonomy.id,
      key: "b",
      name: "Subtask B",
      section: "b",
      measuresShown: ["flat.micro.f1", "hc.f1", "flat.macro.f1", "hierarchical.f1", "lca.f1"],
      primaryMeasure: "flat.micro.f1",
      missingDocuments: "empty",
    },
    ctx,
  );
  const now = Date.now();
  const startsAt = new Date(now - 86_400_000);
  for (const key of ["dev", "test"]) {
    await createPhase({ userId: org.id, slug, key, name: key, startsAt, endsAt: new Date(now + 86_400_000) }, ctx);
    await uploadGold(
      { userId: org.id, slug, phaseKey: key, fileName: "blurbs_test_label.txt", content: read("blurbs_test_label.txt") },
      ctx,
    );
  }
  await setTaskStatus({ userId: org.id, slug, status: "PUBLISHED" }, ctx);
  const members: LoadTask["teams"] = [];
  for (let i = 0; i < teams; i++) {
    const name = `Team ${String(i + 1).padStart(2, "0")}`;
    const user = await createUser({ name, email: `team${i + 1}@load.test`, password: "participant-pass" }, ctx);
    await createTeam({ userId: user.id, slug, name }, ctx);
    const { token } = await createApiToken({ userId: user.id, name: "load bench" }, ctx);
    members.push({ name, userId: user.id, token });
  }
  const files = readdirSync(path.join(GERMEVAL_DIR, "submissions"))
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .map((fileName) => ({ fileName, content: read("submissions", fileName) }))
    .filter((f) => Buffer.from(f.content).includes("subtask_b"));
  return { slug, subtaskKey: "b", organiserId: org.id, reportsPhase: { key: "dev", startsAt }, livePhase: "test", teams: members, files };
}

/** Ends the reports phase now, which makes its reports public. */
export async function closeReportsPhase(ctx: PlatformContext, task: LoadTask): Promise<void> {
  await updatePhase(
    {
      userId: task.organiserId,
      slug: task.slug,
      phaseKey: task.reportsPhase.key,
      key: task.reportsPhase.key,
      name: task.reportsPhase.key,
      startsAt: task.reportsPhase.startsAt,
      endsAt: new Date(Date.now() - 1000),
    },
    ctx,
  );
}
