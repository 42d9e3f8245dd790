// Seeds a task for the delete-and-archive spec into the e2e database, run with `tsx`: the platform's
// test task (organiser olga@<slug>.test), a second subtask "extra" without submissions, and one
// submission by the team in subtask "full" of phase "test", and one refused (typo.tsv). Nothing is enqueued from here: the e2e
// worker's sweep picks the submission up, as it would after a lost enqueue.
import { createPlatformContext, createSubmission, createSubtask } from "@hierboard/platform";
import { fixture, seedTask } from "@hierboard/platform/testing";

const databaseUrl = process.env.DATABASE_URL;
const slug = process.argv[2];
if (!databaseUrl) throw new Error("expected DATABASE_URL of the e2e database, got none");
if (!slug) throw new Error("expected the task's slug as the first argument, got none");
const base = createPlatformContext({
  databaseUrl,
  redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  queuePrefix: `e2e-seed-${process.pid}`,
});
const ctx = {
  ...base,
  async enqueueScoring() {
    throw new Error("left to the e2e worker's sweep");
  },
};
const seed = await seedTask(ctx, { slug });
const { taxonomyVersionId } = await ctx.db.subtask.findFirstOrThrow({ where: { task: { slug }, key: seed.subtaskKey } });
await createSubtask(
  {
    userId: seed.organiserId,
    slug,
    key: "extra",
    name: "Made by mistake",
    taxonomyVersionId,
    measuresShown: ["hc.f1"],
    primaryMeasure: "hc.f1",
  },
  ctx,
);
await createSubmission(
  {
    userId: seed.memberId,
    slug,
    subtaskKey: seed.subtaskKey,
    phaseKey: seed.phaseKey,
    fileName: "pred.tsv",
    content: fixture("pred-good.tsv"),
  },
  ctx,
);
// A file refused for its content: listed in the console's "Refused uploads", without the file.
await createSubmission(
  {
    userId: seed.memberId,
    slug,
    subtaskKey: seed.subtaskKey,
    phaseKey: seed.phaseKey,
    fileName: "typo.tsv",
    content: new TextEncoder().encode("d1\tCats\nd2\tNoSuchLabel\nd3\tAlsoMissing\n"),
  },
  ctx,
).then(
  () => {
    throw new Error("expected typo.tsv to be refused, got it accepted");
  },
  (error: { code?: string }) => {
    if (error.code !== "INVALID_FILE") throw error;
  },
);
// `--board-measures`: subtask "full" shows the seven measures of a demo board (the layout spec's widest board).
if (process.argv.includes("--board-measures")) {
  const measuresShown = ["hc.f1", "hc.mcc", "flat.micro.f1", "flat.subsetAccuracy", "hierarchical.f1", "lca.f1", "cophe.overall.f1"];
  await ctx.db.subtask.updateMany({ where: { task: { slug }, key: "full" }, data: { measuresShown } });
}
await base.close?.();
