// Stored boards end to end: upload → scoring job → board job → stored board a read serves, a write
// that changes the board (a disqualification) → its board job in the worker, and a change made
// behind the platform's back → the scheduled repair sweep → the board job. Real PostgreSQL, BullMQ and Redis.
import { createTeam, createUser, getLeaderboard, loadBoardKey, moderateTeam } from "@hierboard/platform";
import { createTestPlatform, fixture, seedTask, submitAsMember, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { BOARD_JOB, enqueueBoardRepair } from "@hierboard/queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessWorker, waitFor, waitForStatus } from "./helpers.ts";

let p: TestPlatform;
let seed: SeededTask;
let worker: Awaited<ReturnType<typeof startInProcessWorker>>;

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx, { slug: "stored-boards" });
  worker = await startInProcessWorker(p);
});
afterAll(async () => {
  await worker?.stop();
  await p?.cleanup();
});

const read = () => getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);

/** The stored board once it was built for the board as it is now, decoded far enough to name its rows' teams. */
function freshStoredBoard(what: string) {
  return waitFor(what, async () => {
    const { phase, subtask, fingerprint } = await loadBoardKey(p.ctx.db, seed.slug, seed.phaseKey, seed.subtaskKey);
    const stored = await p.ctx.db.storedBoard.findFirst({
      where: { phaseId: phase!.id, subtaskId: subtask!.id, part: "all", fingerprint },
    });
    return stored ? (JSON.parse(stored.board) as { rows: { teamName: string }[] }).rows.map((r) => r.teamName) : undefined;
  });
}

describe("stored boards through the worker", () => {
  let ritaTeamId: string;

  it("the board job after a score stores the board a read then serves", async () => {
    const rita = await createUser({ name: "Rita", email: "rita@stored-boards.test", password: "participant-pass" }, p.ctx);
    ritaTeamId = (await createTeam({ userId: rita.id, slug: seed.slug, name: "Team Rita" }, p.ctx)).id;
    const { id } = await submitAsMember(p.ctx, seed, "pred-perfect.tsv", fixture("pred-perfect.tsv"));
    await waitForStatus(p.ctx.db, id, "SCORED");
    const { id: ritaRun } = await submitAsMember(p.ctx, { ...seed, memberId: rita.id }, "pred-good.tsv", fixture("pred-good.tsv"));
    await waitForStatus(p.ctx.db, ritaRun, "SCORED");
    expect(await freshStoredBoard("the board job's stored board")).toEqual(["Team Tariq", "Team Rita"]);
    const board = await read();
    expect(board.rows.map((r) => r.teamName)).toEqual(["Team Tariq", "Team Rita"]);
    expect(board.ties).toMatchObject({ pending: false, complete: true });
    expect(worker.lines.some((line) => line.includes("stored all (2 rows)"))).toBe(true);
  });

  it("a disqualification enqueues the board job, which stores the board without the team", async () => {
    await moderateTeam(
      { userId: seed.organiserId, slug: seed.slug, teamId: ritaTeamId, action: "disqualify", reason: "late rules" },
      p.ctx,
    );
    expect(await freshStoredBoard("the board without Team Rita")).toEqual(["Team Tariq"]);
  });

  it("the repair sweep rebuilds a board changed behind the platform's back; reads enqueue nothing", async () => {
    await p.ctx.db.team.update({ where: { id: seed.teamId }, data: { name: "Team Tariq Renamed" } });
    expect((await read()).rows.map((r) => r.teamName)).toEqual(["Team Tariq Renamed"]);
    const jobs = await p.queue.getJobs(["waiting", "delayed", "prioritized", "active"]);
    expect(jobs.filter((j) => j.name === BOARD_JOB)).toEqual([]);
    await enqueueBoardRepair(p.queue);
    expect(await freshStoredBoard("the repaired board")).toEqual(["Team Tariq Renamed"]);
    expect(worker.lines.some((line) => /1 stale board\(s\) enqueued/.test(line))).toBe(true);
  });
});
