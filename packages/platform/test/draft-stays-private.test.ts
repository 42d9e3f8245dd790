// A task put back to draft after its phase ended is hidden again: every read path of a submission
// (report, analyses, compare, status, the API object, the file) and of the task (its page, board,
// files, team runs) refuses an anonymous visitor and a participant outside the submission's team;
// the team keeps reading its own submission, and the organiser everything.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareSubmissionPair,
  createSubmission,
  downloadSubmissionFile,
  getLeaderboard,
  getSubmission,
  getSubmissionDiagnostics,
  getTaskOverview,
  isTaskVisible,
  listComparableSubmissions,
  listTaskFiles,
  listTeamRuns,
  setTaskStatus,
  submissionPageAccess,
} from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
let id: string;
let otherId: string;

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx, { slug: "redrafted" });
  const upload = (fileName: string) =>
    createSubmission(
      {
        userId: seed.memberId,
        slug: seed.slug,
        subtaskKey: seed.subtaskKey,
        phaseKey: seed.phaseKey,
        fileName,
        content: fixture("pred-good.tsv"),
      },
      p.ctx,
    );
  id = (await upload("one.tsv")).id;
  otherId = (await upload("two.tsv")).id;
  // The phase has ended, so before the fix anyone could read these submissions.
  p.setNow(new Date(Date.now() + 30 * 86_400_000));
  await setTaskStatus({ userId: seed.organiserId, slug: seed.slug, status: "DRAFT" }, p.ctx);
});
afterAll(async () => {
  await p?.cleanup();
});

/** "refused" when the read throws or answers nothing, "read" otherwise. */
const outcome = async (read: () => Promise<unknown>): Promise<"read" | "refused"> => {
  try {
    const answer = await read();
    return answer === null || answer === false || answer === "not-found" || answer === "sign-in" ? "refused" : "read";
  } catch {
    return "refused";
  }
};

const readPaths = (viewerId: string | null) => ({
  "report page gate": () => submissionPageAccess({ slug: seed.slug, id, viewerId }, p.ctx),
  "GET /api/submissions/:id and /status": () => getSubmission({ id, viewerId }, p.ctx),
  "report analyses": () => getSubmissionDiagnostics({ id, viewerId }, p.ctx),
  "compare page list": () => listComparableSubmissions({ id, viewerId }, p.ctx),
  "compare page test": () => compareSubmissionPair({ id, otherId, viewerId }, p.ctx),
  "GET /api/submissions/:id/file": () =>
    viewerId ? downloadSubmissionFile({ userId: viewerId, submissionId: id }, p.ctx) : Promise.reject(),
  "task page gate": () => isTaskVisible({ slug: seed.slug, viewerId }, p.ctx),
  "task page": () => getTaskOverview({ slug: seed.slug, viewerId }, p.ctx),
  "board and GET /api/tasks/:slug/leaderboard": () =>
    getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId }, p.ctx),
  "task files": () => listTaskFiles({ slug: seed.slug, viewerId }, p.ctx),
  "team runs": () => (viewerId ? listTeamRuns({ userId: viewerId, slug: seed.slug }, p.ctx) : Promise.reject()),
});

describe("a task put back to draft", () => {
  it.each([
    ["an anonymous visitor", () => null],
    ["another participant", () => seed.outsiderId],
  ])("refuses every read path to %s", async (_who, viewer) => {
    const paths = readPaths(viewer());
    const outcomes = Object.fromEntries(await Promise.all(Object.entries(paths).map(async ([name, read]) => [name, await outcome(read)])));
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(paths).map((name) => [name, "refused"])));
  });

  it("still answers the submission's team and the organiser", async () => {
    for (const viewerId of [seed.memberId, seed.organiserId]) {
      expect(await submissionPageAccess({ slug: seed.slug, id, viewerId }, p.ctx)).toBe("readable");
      expect((await getSubmission({ id, viewerId }, p.ctx)).id).toBe(id);
      await expect(listComparableSubmissions({ id, viewerId }, p.ctx)).resolves.toEqual(expect.any(Array));
    }
  });
});
