// The board job on a phase without a split and on one with a public/private split (each part ranked
// and tie-tested on its own), the same teams and files in both: first run of the tie tests (every
// neighbour pair tested), a second run (nothing to test), the whole board job after them (ties
// unchanged; each part's board built and stored), and a cold board read (empty in-process cache)
// served from the stored board or built in the read. Median of ROUNDS runs, each on a cleared tie table.
// Run: pnpm --filter @hierboard/platform bench:board-job
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import {
  clearBoardCache,
  createPhase,
  createSubmission,
  createTeam,
  createUser,
  getLeaderboard,
  updateBoardTies,
  uploadGold,
} from "../src/index.ts";
import { boardJob } from "../src/jobs/index.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask } from "../src/testing/index.ts";

const TEAMS = Number(process.env.BENCH_TEAMS ?? 30);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 2000);
const ROUNDS = 5;
const LABELS = ["Cats", "Dogs", "Birds", "Trees", "Flowers"];
const START = new Date(Date.now() - 86_400_000);
const END = new Date(Date.now() + 7 * 86_400_000);
const text = (s: string) => new TextEncoder().encode(s);
/** Every document's label, wrong on the documents `wrong` picks. */
const file = (wrong: (i: number) => boolean) =>
  text(Array.from({ length: DOCUMENTS }, (_, i) => `g${i}\t${LABELS[(i + (wrong(i) ? 1 : 0)) % 5]}`).join("\n"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const p = await createTestPlatform({ now: new Date() });
try {
  const seed = await seedTask(p.ctx, { slug: "board-job", startsAt: START, endsAt: END });
  const phases = { whole: null, split: 0.3 } as const;
  for (const [key, publicFraction] of Object.entries(phases)) {
    await createPhase({ userId: seed.organiserId, slug: seed.slug, key, name: key, startsAt: START, endsAt: END, publicFraction }, p.ctx);
    await uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: key, fileName: "gold.tsv", content: file(() => false) }, p.ctx);
  }
  for (let t = 0; t < TEAMS; t++) {
    const user = await createUser({ name: `Team ${t}`, email: `t${t}@board-job.bench`, password: "participant-pass" }, p.ctx);
    await createTeam({ userId: user.id, slug: seed.slug, name: `Team ${t}` }, p.ctx);
    // Error rates spread from 2 % to 40 %, shifted per team, so neighbours are sometimes tied and sometimes not.
    const every = Math.max(2, Math.round(50 - (t * 48) / TEAMS));
    for (const phaseKey of Object.keys(phases)) {
      const { id } = await createSubmission(
        {
          userId: user.id,
          slug: seed.slug,
          subtaskKey: seed.subtaskKey,
          phaseKey,
          fileName: "run.tsv",
          content: file((i) => (i + t) % every === 0),
        },
        p.ctx,
      );
      await scoreStoredSubmission(p.ctx.db, id, { boardJob: false });
    }
  }
  const subtask = await p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey }, select: { id: true } });
  console.log(
    `${TEAMS} teams, ${DOCUMENTS} gold documents, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  for (const phaseKey of Object.keys(phases)) {
    const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: phaseKey }, select: { id: true } });
    const ids = { phaseId: phase.id, subtaskId: subtask.id };
    const first: number[] = [];
    const again: number[] = [];
    const job: number[] = [];
    const readStored: number[] = [];
    const readBuilt: number[] = [];
    const read = async (times: number[]) => {
      clearBoardCache();
      const t = performance.now();
      await getLeaderboard({ slug: seed.slug, phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);
      times.push(performance.now() - t);
    };
    let counts = { first: { tested: 0, rows: 0 }, again: { tested: 0, rows: 0 } };
    for (let r = 0; r < ROUNDS; r++) {
      await p.ctx.db.boardTie.deleteMany({ where: ids });
      let t = performance.now();
      const a = await updateBoardTies(p.ctx.db, ids);
      first.push(performance.now() - t);
      t = performance.now();
      const b = await updateBoardTies(p.ctx.db, ids);
      again.push(performance.now() - t);
      counts = { first: a, again: b };
      t = performance.now();
      await boardJob(ids, { db: p.ctx.db });
      job.push(performance.now() - t);
      await read(readStored);
      await p.ctx.db.storedBoard.deleteMany({ where: ids });
      await read(readBuilt);
    }
    console.log(
      `${phaseKey.padEnd(5)}: first run ${median(first).toFixed(0)} ms (${counts.first.tested} tests, ${counts.first.rows} rows), ` +
        `second run ${median(again).toFixed(0)} ms (${counts.again.tested} tests); ` +
        `board job with stored boards ${median(job).toFixed(0)} ms; cold read ${median(readStored).toFixed(0)} ms stored, ` +
        `${median(readBuilt).toFixed(0)} ms built`,
    );
  }
  console.log(
    `load average at the end ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
} finally {
  await p.cleanup();
}
