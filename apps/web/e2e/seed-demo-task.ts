// Seeds the launcher's demo task (six teams, bootstrap intervals on) into the e2e database, run by
// the participant-journey spec with `tsx`. Nothing is enqueued from here: the e2e worker's sweep
// picks up the QUEUED demo submissions, as it would after a lost enqueue.
import { createPlatformContext, createUser } from "@hierboard/platform";
import { seedDemo } from "@hierboard/launcher";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("expected DATABASE_URL of the e2e database, got none");
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
const existing = await ctx.db.task.findUnique({ where: { slug: "demo" }, select: { id: true } });
if (!existing) {
  const organiser = await createUser(
    { name: "Demo organiser", email: "organiser@demo-e2e.test", password: "demo-organiser-pass", role: "ORGANISER" },
    ctx,
  );
  const seeded = await seedDemo(ctx, organiser.id, (line) => console.log(`[seed-demo] ${line}`));
  console.log(`[seed-demo] ${seeded.teams.length} teams, ${seeded.submitted} submissions queued`);
}
await base.close?.();
