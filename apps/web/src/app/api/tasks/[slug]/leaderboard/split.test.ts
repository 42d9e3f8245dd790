// The leaderboard route of a phase with a public/private split, against a real database and the
// real platform: `split=public` lists the teams and names its part beside the rows; `split=private`
// shows no private score while the phase is open, and the private ranking once it has ended.
import { configurePlatform, createSubmission, createTeam, createUser, updatePhase } from "@hierboard/platform";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { routeParams } from "@/server/testing/route-test-doubles";

process.env.LOG_LEVEL = "warn";
// An anonymous visitor (no session cookie to read outside a request); everything else is real.
vi.doMock("@/auth/viewer", () => ({ getRequestViewer: async () => null }));
const { GET } = await import("./route");

const START = new Date("2026-11-20T00:00:00Z");
const END = new Date("2026-11-25T00:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
const PERFECT = "d1\tCats\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";

let p: TestPlatform;
let seed: SeededTask;

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-22T10:00:00Z") });
  configurePlatform(p.ctx);
  seed = await seedTask(p.ctx, { slug: "demo", startsAt: START, endsAt: END });
  await updatePhase(
    {
      userId: seed.organiserId,
      slug: "demo",
      phaseKey: "test",
      key: "test",
      name: "Test",
      startsAt: START,
      endsAt: END,
      publicFraction: 0.3,
    },
    p.ctx,
  );
  const other = await createUser({ name: "Ada", email: "ada@demo.test", password: "participant-pass" }, p.ctx);
  await createTeam({ userId: other.id, slug: "demo", name: "Team Ada" }, p.ctx);
  for (const [userId, content] of [
    [seed.memberId, PERFECT],
    [other.id, GOOD],
  ] as const) {
    const { id } = await createSubmission(
      { userId, slug: "demo", subtaskKey: "full", phaseKey: "test", fileName: "run.tsv", content: text(content) },
      p.ctx,
    );
    await scoreStoredSubmission(p.ctx.db, id);
  }
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

const get = (query: string) => GET(new Request(`http://127.0.0.1/api/tasks/demo/leaderboard?${query}`), routeParams({ slug: "demo" }));
type Body = {
  leaderboard: {
    split: string | null;
    ties: { complete: boolean; pending: boolean };
    rows: {
      submissionId: string;
      teamName: string;
      scores: Record<string, unknown>;
      publicRank?: number | null;
      tie: { group: number; pValue: number | null } | null;
    }[];
  };
};
/** The answer's tie group and p-value per run. */
const answeredTies = (body: Body) =>
  Object.fromEntries(body.leaderboard.rows.map((r) => [r.submissionId, { group: r.tie?.group, pValue: r.tie?.pValue }]));
/** The board job's stored tie group and p-value per run on one part. */
const storedTies = async (part: string) =>
  Object.fromEntries(
    (await p.ctx.db.boardTie.findMany({ where: { part } })).map((t) => [t.submissionId, { group: t.tieGroup, pValue: t.pValue }]),
  );

describe("GET /api/tasks/demo/leaderboard with a public/private split", () => {
  it('split=public lists the teams and says "split": "public" beside the rows', async () => {
    const response = await get("phase=test&subtask=full&split=public");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body.leaderboard.split).toBe("public");
    expect(body.leaderboard.rows.map((r) => r.teamName).sort()).toEqual(["Team Ada", "Team Tariq"]);
    // The public part's tie groups, complete; the private part's are stored but not in the answer.
    expect(body.leaderboard.ties).toMatchObject({ complete: true, pending: false });
    expect(answeredTies(body)).toEqual(await storedTies("public"));
    expect(Object.keys(await storedTies("private"))).toHaveLength(2);
    // Without split: what the board shows now, the public part.
    expect(((await (await get("phase=test&subtask=full")).json()) as Body).leaderboard.split).toBe("public");
  });

  it("split=private shows no private scores while the phase is open", async () => {
    for (const format of ["json", "csv", "latex"]) {
      const response = await get(`phase=test&subtask=full&split=private&format=${format}`);
      expect(response.status, format).toBe(403);
      const body = await response.text();
      expect(body).toMatch(/private part's scores stay hidden until the phase ends/);
      expect(body).not.toMatch(/Team (Ada|Tariq)|"scores"|hc\.f1/);
    }
  });

  it("refuses a part that is neither public nor private, saying what it expected", async () => {
    const response = await get("phase=test&subtask=full&split=everything");
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("expected split=public or split=private");
  });

  it("after the end, answers with the private ranking by default, each row with its public rank", async () => {
    p.setNow(new Date(END.getTime() + 1000));
    const body = (await (await get("phase=test&subtask=full")).json()) as Body;
    expect(body.leaderboard.split).toBe("private");
    expect(body.leaderboard.rows).toHaveLength(2);
    expect(body.leaderboard.rows.every((r) => typeof r.publicRank === "number")).toBe(true);
    expect(body.leaderboard.ties).toMatchObject({ complete: true, pending: false });
    expect(answeredTies(body)).toEqual(await storedTies("private"));
    const csv = await (await get("phase=test&subtask=full&format=csv&split=public")).text();
    expect(csv.split("\r\n")[0]).toContain(",part,");
    expect(csv.split("\r\n")[1]).toContain(",public,");
  });
});
