// Stored boards against real PostgreSQL and BullMQ on Redis: the board job builds and stores each
// part's whole board (ranks and tie groups) with its fingerprint; a read serves it while the
// fingerprint is current and otherwise builds the board itself, and never enqueues; every write that
// changes a board without a new score enqueues the board's job, and the repair sweep finds the rest.
import { Prisma } from "@hierboard/db";
import { BOARD_JOB, boardJobId, enqueueBoard } from "@hierboard/queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardJob, boardRepairJob } from "../src/jobs/index.ts";
import {
  clearBoardCache,
  createPhase,
  createSubmission,
  createTeam,
  createUser,
  endPhaseNow,
  getLeaderboard,
  moderateTeam,
  publishResults,
  rescorePhase,
  rescoreSubmission,
  setBaseline,
  setFinalRunSelected,
  updatePhase,
  updateSubtask,
  uploadGold,
} from "../src/index.ts";
import type { SplitPart } from "../src/gold-split/gold-part.ts";
import { buildBoard } from "../src/leaderboard/build-board.ts";
import { boardFingerprintSql } from "../src/leaderboard/board-fingerprint-sql.ts";
import { loadBoardFingerprint, loadBoardKeyById } from "../src/leaderboard/load-board-key.ts";
import { decodeBoard } from "../src/leaderboard/stored-board-codec.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

const NOW = new Date("2026-11-22T10:00:00Z");
const START = new Date("2026-11-20T00:00:00Z");
const END = new Date("2026-11-25T00:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
const LABELS = ["Cats", "Dogs", "Birds", "Trees", "Flowers"];
/** 200 documents; every `wrongEvery`-th one (shifted by `offset`) gets the next label. */
const lines = (wrongEvery: number, offset = 0) =>
  Array.from({ length: 200 }, (_, i) => `g${i}\t${LABELS[(i + (wrongEvery && (i + offset) % wrongEvery === 0 ? 1 : 0)) % 5]}`).join("\n");
const PHASES = { whole: { finalRuns: 1 }, split: { publicFraction: 0.5 } } as const;
type PhaseKey = keyof typeof PHASES;

let p: TestPlatform;
let seed: SeededTask;
let subtaskId: string;
const phaseIds = {} as Record<PhaseKey, string>;
const users: Record<string, string> = {};
const runs: Record<string, string> = {};
let minute = 0;
const idsOf = (phase: PhaseKey) => ({ phaseId: phaseIds[phase], subtaskId });

async function submit(team: string, phase: PhaseKey, run: string, content: string): Promise<void> {
  const created = await createSubmission(
    { userId: users[team]!, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: phase, fileName: `${run}.tsv`, content: text(content) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: new Date(NOW.getTime() - 3_600_000 + ++minute * 1000) });
  runs[`${phase}/${run}`] = created.id;
}

const read = (phase: PhaseKey, split?: SplitPart) =>
  getLeaderboard({ slug: seed.slug, phaseKey: phase, subtaskKey: seed.subtaskKey, viewerId: null, split }, p.ctx);
const teams = async (phase: PhaseKey) => (await read(phase)).rows.map((r) => r.teamName);

/** The board jobs on the queue, by id (waiting, delayed or prioritised: none runs in this file). */
async function boardJobs(): Promise<string[]> {
  const jobs = await p.queue.getJobs(["waiting", "delayed", "prioritized", "active"]);
  return jobs
    .filter((j) => j.name === BOARD_JOB)
    .map((j) => j.id!)
    .sort();
}
async function dropBoardJobs(): Promise<void> {
  for (const job of await p.queue.getJobs(["waiting", "delayed", "prioritized"])) if (job.name === BOARD_JOB) await job.remove();
}
const jobOf = (phase: PhaseKey) => boardJobId(phaseIds[phase], subtaskId);

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  seed = await seedTask(p.ctx, { slug: "stored", startsAt: START, endsAt: END });
  subtaskId = (await p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey } })).id;
  for (const [key, settings] of Object.entries(PHASES)) {
    const phase = { userId: seed.organiserId, slug: seed.slug, key, name: key, startsAt: START, endsAt: END, ...settings };
    await createPhase(phase, p.ctx);
    phaseIds[key as PhaseKey] = (await p.ctx.db.phase.findFirstOrThrow({ where: { key, task: { slug: seed.slug } } })).id;
    await uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: key, fileName: "gold.tsv", content: text(lines(0)) }, p.ctx);
  }
  for (const name of ["Ada", "Bo", "Cy"]) {
    users[name] = (await createUser({ name, email: `${name.toLowerCase()}@stored.test`, password: "participant-pass" }, p.ctx)).id;
    await createTeam({ userId: users[name]!, slug: seed.slug, name: `Team ${name}` }, p.ctx);
  }
  for (const phase of Object.keys(PHASES) as PhaseKey[]) {
    await submit("Ada", phase, "ada-best", lines(0));
    await submit("Ada", phase, "ada-poor", lines(2));
    // 20 wrong documents, so that each half of a random split gets some (all 20 in one half: odds 2^-19) and Bo never ties Ada there.
    await submit("Bo", phase, "bo-close", lines(10));
    await submit("Cy", phase, "cy-half", lines(2, 1));
  }
});
afterAll(async () => {
  await p?.cleanup();
});

describe("the board job", () => {
  it("stores each part's board, equal to buildBoard's (rows, ranks, tie groups), with the fingerprint of that state", async () => {
    for (const phase of Object.keys(PHASES) as PhaseKey[]) {
      const ids = idsOf(phase);
      const result = await boardJob(ids, { db: p.ctx.db });
      const parts = phase === "split" ? ["private", "public"] : ["all"];
      expect(result.stored.map((s) => s.part).sort()).toEqual(parts);
      expect(result).toMatchObject({ current: true, tested: 0 });
      const stored = await p.ctx.db.storedBoard.findMany({ where: ids, orderBy: { part: "asc" } });
      expect(stored.map((s) => s.part)).toEqual(parts);
      const { phase: boardPhase, subtask } = await loadBoardKeyById(p.ctx.db, ids);
      for (const s of stored) {
        expect(s.fingerprint).toBe(await loadBoardFingerprint(p.ctx.db, ids));
        const board = decodeBoard(s.board);
        expect(board).toEqual(await buildBoard(p.ctx.db, boardPhase, subtask, s.part as "all", s.builtAt));
        expect(board.rows.filter((r) => r.rank !== null).map((r) => r.rank)).toEqual([1, 2, 3]);
        expect(board.rows.every((r) => r.tie !== null)).toBe(true);
        expect(board.ties).toMatchObject({ pending: false, complete: true });
      }
    }
  });

  it("computes the same fingerprint in a session of another time zone (the web's and the worker's must agree)", async () => {
    const ids = idsOf("split");
    const here = await loadBoardFingerprint(p.ctx.db, ids);
    const [elsewhere] = await p.ctx.db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL TIME ZONE 'Pacific/Chatham'`;
      await tx.$executeRaw`SET LOCAL DateStyle = 'SQL, DMY'`;
      return tx.$queryRaw<{ fingerprint: string }[]>`
        SELECT ${boardFingerprintSql(Prisma.sql`${ids.phaseId}`, Prisma.sql`${ids.subtaskId}`)} AS fingerprint`;
    });
    expect(elsewhere!.fingerprint).toBe(here);
  });
});

describe("a board read", () => {
  it("serves the stored board while its fingerprint is current, with the clock's fields computed for now", async () => {
    const ids = idsOf("split");
    const stored = await p.ctx.db.storedBoard.findUniqueOrThrow({ where: { phaseId_subtaskId_part: { ...ids, part: "public" } } });
    expect(stored.board).toMatch(/"privateShown":(true|false)/);
    // A mark only the stored board carries, and a clock field the read must recompute.
    const marked = stored.board.replaceAll('"Team Bo"', '"Team Bo (stored)"').replace(/"privateShown":(true|false)/, '"privateShown":true');
    await p.ctx.db.storedBoard.update({ where: { id: stored.id }, data: { board: marked } });
    clearBoardCache();
    const board = await read("split", "public");
    expect(board.rows.map((r) => r.teamName)).toContain("Team Bo (stored)");
    expect(board.splitInfo).toEqual({ publicFraction: 0.5, privateShown: false });
    expect(board.phase.endsAt).toEqual(END);
    expect(board.rows[0]!.submittedAt).toBeInstanceOf(Date);
    await boardJob(ids, { db: p.ctx.db });
    clearBoardCache();
    expect((await read("split", "public")).rows.map((r) => r.teamName)).not.toContain("Team Bo (stored)");
  });

  it("builds a stale or missing board itself, with the right rows, and leaves the queue alone", async () => {
    await dropBoardJobs();
    const ids = idsOf("whole");
    const before = await teams("whole");
    expect(before).toEqual(["Team Ada", "Team Bo", "Team Cy"]);
    // Written behind the platform's back: nothing enqueues the board job.
    await p.ctx.db.submission.update({ where: { id: runs["whole/bo-close"]! }, data: { invalidatedAt: NOW } });
    expect(await teams("whole")).toEqual(["Team Ada", "Team Cy"]);
    await p.ctx.db.storedBoard.deleteMany({ where: ids });
    clearBoardCache();
    expect(await teams("whole")).toEqual(["Team Ada", "Team Cy"]);
    expect(await boardJobs()).toEqual([]);
    await p.ctx.db.submission.update({ where: { id: runs["whole/bo-close"]! }, data: { invalidatedAt: null } });
    expect(await teams("whole")).toEqual(before);
    expect(await boardJobs()).toEqual([]);
  });
});

describe("the repair sweep", () => {
  const sweep = () => boardRepairJob({}, { db: p.ctx.db, enqueueBoard: (board) => enqueueBoard(p.queue, board).then(() => {}) });

  it("enqueues the board job of a missing or stale stored board, and of no other", async () => {
    await dropBoardJobs();
    expect(await sweep()).toEqual({ enqueued: 1 }); // the whole phase's board, deleted above
    expect(await boardJobs()).toEqual([jobOf("whole")]);
    await boardJob(idsOf("whole"), { db: p.ctx.db });
    await dropBoardJobs();
    expect(await sweep()).toEqual({ enqueued: 0 });
    await p.ctx.db.team.update({
      where: { id: (await p.ctx.db.team.findFirstOrThrow({ where: { name: "Team Cy" } })).id },
      data: { name: "Team Cyan" },
    });
    expect(await sweep()).toEqual({ enqueued: 2 }); // a team of both boards renamed
    expect(await boardJobs()).toEqual([jobOf("whole"), jobOf("split")].sort());
    for (const phase of Object.keys(PHASES) as PhaseKey[]) await boardJob(idsOf(phase), { db: p.ctx.db });
    await dropBoardJobs();
  });
});

describe("writes that change a board without a new score", () => {
  const organiser = () => ({ userId: seed.organiserId, slug: seed.slug });

  /** Runs the write and returns the board jobs it enqueued. */
  async function enqueuedBy(write: () => Promise<unknown>): Promise<string[]> {
    await dropBoardJobs();
    await write();
    return boardJobs();
  }
  const both = () => [jobOf("whole"), jobOf("split")].sort();

  it("a final-run selection enqueues its board's job", async () => {
    const select = (selected: boolean) =>
      setFinalRunSelected({ userId: users.Ada!, submissionId: runs["whole/ada-poor"]!, selected }, p.ctx);
    expect(await enqueuedBy(() => select(true))).toEqual([jobOf("whole")]);
    expect(await enqueuedBy(() => select(false))).toEqual([jobOf("whole")]);
  });

  it("a phase's or subtask's settings enqueue their boards' jobs", async () => {
    const whole = { ...organiser(), phaseKey: "whole", key: "whole", name: "Whole", startsAt: START, endsAt: END, finalRuns: 1 };
    expect(await enqueuedBy(() => updatePhase(whole, p.ctx))).toEqual([jobOf("whole")]);
    const subtask = await p.ctx.db.subtask.findUniqueOrThrow({ where: { id: subtaskId } });
    const edit = {
      ...organiser(),
      subtaskKey: subtask.key,
      key: subtask.key,
      name: "Renamed subtask",
      taxonomyVersionId: subtask.taxonomyVersionId,
      measuresShown: subtask.measuresShown,
      primaryMeasure: subtask.primaryMeasure,
    };
    expect(await enqueuedBy(() => updateSubtask(edit, p.ctx))).toEqual(both());
  });

  it("a baseline mark and a disqualification enqueue every board of the task", async () => {
    const baseline = (isBaseline: boolean) => setBaseline({ ...organiser(), submissionId: runs["split/cy-half"]!, isBaseline }, p.ctx);
    expect(await enqueuedBy(() => baseline(true))).toEqual(both());
    expect(await enqueuedBy(() => baseline(false))).toEqual(both());
    const teamId = (await p.ctx.db.team.findFirstOrThrow({ where: { name: "Team Bo" } })).id;
    const moderate = (action: "disqualify" | "reinstate") => moderateTeam({ ...organiser(), teamId, action, reason: "copied runs" }, p.ctx);
    expect(await enqueuedBy(() => moderate("disqualify"))).toEqual(both());
    expect(await enqueuedBy(() => moderate("reinstate"))).toEqual(both());
  });

  it("a re-score enqueues the board's job (its runs leave the board until scored again)", async () => {
    expect(await enqueuedBy(() => rescoreSubmission({ ...organiser(), submissionId: runs["whole/cy-half"]! }, p.ctx))).toEqual([
      jobOf("whole"),
    ]);
    await scoreStoredSubmission(p.ctx.db, runs["whole/cy-half"]!, { finishedAt: new Date(NOW.getTime() - 60_000) });
    await uploadGold(
      { ...organiser(), phaseKey: "split", fileName: "gold-v2.tsv", content: text(lines(0).replace("g0\tCats", "g0\tDogs")) },
      p.ctx,
    );
    expect(await enqueuedBy(() => rescorePhase({ ...organiser(), phaseKey: "split" }, p.ctx))).toEqual([jobOf("split")]);
  });

  it("ending a phase and publishing its results enqueue its boards' jobs", async () => {
    p.setNow(new Date(NOW.getTime() + 30_000)); // after every submission, so that none is invalidated
    expect(await enqueuedBy(() => endPhaseNow({ ...organiser(), phaseKey: "whole" }, p.ctx))).toEqual([jobOf("whole")]);
    p.setNow(new Date(NOW.getTime() + 60_000));
    expect(await enqueuedBy(() => publishResults({ ...organiser(), phaseKey: "whole" }, p.ctx))).toEqual([jobOf("whole")]);
  });

  it("stands when the board job cannot be enqueued (the repair sweep catches the board)", async () => {
    const ctx = { ...p.ctx, enqueueBoard: () => Promise.reject(new Error("queue unreachable")) };
    const subtask = await p.ctx.db.subtask.findUniqueOrThrow({ where: { id: subtaskId } });
    const edit = {
      ...organiser(),
      subtaskKey: subtask.key,
      key: subtask.key,
      name: "Renamed again",
      taxonomyVersionId: subtask.taxonomyVersionId,
      measuresShown: subtask.measuresShown,
      primaryMeasure: subtask.primaryMeasure,
    };
    await expect(updateSubtask(edit, ctx)).resolves.toMatchObject({ name: "Renamed again" });
  });
});
