// The submissions upload route against a real database, Redis and the real platform: an upload
// the rate limit, the task or the team refuses is answered without its body being read, and an
// account's third upload at once is refused while two are still being received.
import { configurePlatform, createApiToken, createUser } from "@hierboard/platform";
import { createTestPlatform, fixtureText, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, routeParams } from "@/server/testing/route-test-doubles";

process.env.LOG_LEVEL = "warn";
const { POST } = await import("./route");

let p: TestPlatform;
let seed: SeededTask;
const tokens = { member: "", outsider: "", organiser: "" };

beforeAll(async () => {
  p = await createTestPlatform({ uploadAttempts: 3 });
  configurePlatform(p.ctx);
  seed = await seedTask(p.ctx);
  tokens.member = (await createApiToken({ userId: seed.memberId, name: "upload test", scope: "SUBMIT" }, p.ctx)).token;
  tokens.outsider = (await createApiToken({ userId: seed.outsiderId, name: "upload test", scope: "SUBMIT" }, p.ctx)).token;
  tokens.organiser = (await createApiToken({ userId: seed.organiserId, name: "upload test", scope: "SUBMIT" }, p.ctx)).token;
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

function upload(token: string, slug = seed.slug): Request {
  const form = new FormData();
  form.set("subtask", seed.subtaskKey);
  form.set("phase", seed.phaseKey);
  form.set("file", new File([fixtureText("pred-good.tsv")], "pred.tsv"));
  return new Request(`http://127.0.0.1/api/tasks/${slug}/submissions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe("POST /api/tasks/:slug/submissions checks before it reads the body", () => {
  it("404 for an unknown task and 403 NOT_A_MEMBER for a participant without a team, the body unread", async () => {
    const noTask = upload(tokens.outsider, "no-such-task");
    expect((await POST(noTask, routeParams({ slug: "no-such-task" }))).status).toBe(404);
    expect(noTask.bodyUsed).toBe(false);
    const stranger = upload(tokens.outsider);
    const response = await POST(stranger, routeParams({ slug: seed.slug }));
    expect(await errorCode(response)).toBe("NOT_A_MEMBER");
    expect(stranger.bodyUsed).toBe(false);
  });

  it("429 with the attempt limit spent, the body unread", async () => {
    const first = upload(tokens.member);
    expect((await POST(first, routeParams({ slug: seed.slug }))).status).toBe(201);
    expect(first.bodyUsed).toBe(true);
    // The third attempt is the last the limit allows; the fourth is refused before its body is read.
    for (let i = 0; i < 2; i++) await POST(upload(tokens.member), routeParams({ slug: seed.slug }));
    const limited = upload(tokens.member);
    const response = await POST(limited, routeParams({ slug: seed.slug }));
    expect(response.status).toBe(429);
    expect(await errorCode(response)).toBe("RATE_LIMITED");
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.bodyUsed).toBe(false);
    expect(await p.ctx.db.submission.count()).toBeLessThanOrEqual(3);
  });

  it("refuses a third upload at once from one account, the body unread, and frees the slots when the two end", async () => {
    const [membership] = await p.ctx.db.membership.findMany({ where: { userId: seed.memberId } });
    await p.ctx.db.membership.create({ data: { taskId: membership!.taskId, teamId: membership!.teamId, userId: seed.organiserId } });
    const ends: (() => void)[] = [];
    const slowUpload = () => {
      const boundary = "slow-boundary";
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="subtask"\r\n\r\n${seed.subtaskKey}\r\n`),
          );
          ends.push(() => {
            controller.enqueue(new TextEncoder().encode(`--${boundary}--\r\n`));
            controller.close();
          });
        },
      });
      return new Request(`http://127.0.0.1/api/tasks/${seed.slug}/submissions`, {
        method: "POST",
        body,
        duplex: "half",
        headers: { authorization: `Bearer ${tokens.organiser}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      } as RequestInit);
    };
    const held = [POST(slowUpload(), routeParams({ slug: seed.slug })), POST(slowUpload(), routeParams({ slug: seed.slug }))];
    const openKey = `${p.prefix}:uploads-open:${seed.organiserId}`;
    await expect.poll(async () => Number(await p.redis.get(openKey))).toBe(2);
    const third = upload(tokens.organiser);
    const refused = await POST(third, routeParams({ slug: seed.slug }));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("at most 2 uploads at a time");
    expect(third.bodyUsed).toBe(false);
    for (const end of ends) end();
    // The two held uploads end (without a file: 422), and give their slots back.
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([422, 422]);
    expect(Number(await p.redis.get(openKey))).toBe(0);
  });
});

describe("POST /api/tasks/:slug/submissions checks the subtask and phase before the file", () => {
  /** A body that sends its subtask and phase fields and the file part's header, then holds the file open. */
  function heldFile(token: string, subtask: string, phase: string): { request: Request; end: () => void } {
    const boundary = "held-boundary";
    let end: () => void = () => undefined;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode(
            `${field("subtask", subtask)}${field("phase", phase)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.tsv"\r\n\r\nd1\t`,
          ),
        );
        end = () => {
          try {
            controller.close();
          } catch {
            // already cancelled by the refusal
          }
        };
      },
    });
    const request = new Request(`http://127.0.0.1/api/tasks/${seed.slug}/submissions`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    return { request, end: () => end() };
  }

  it("an unknown subtask, an unknown phase and a closed phase are refused while the file is still held", async () => {
    // A new member of the team, with attempts to spare.
    const user = await createUser({ name: "Petra Phase", email: "petra@checks.test", password: "a long member password 2" }, p.ctx);
    const { teamId, taskId } = await p.ctx.db.membership.findFirstOrThrow({ where: { userId: seed.memberId } });
    await p.ctx.db.membership.create({ data: { taskId, teamId, userId: user.id } });
    const token = (await createApiToken({ userId: user.id, name: "held", scope: "SUBMIT" }, p.ctx)).token;
    const closed = await p.ctx.db.phase.create({
      data: { taskId, key: "closed", name: "Closed", startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) },
    });
    const cases = [
      { subtask: "no-such-subtask", phase: seed.phaseKey, code: "NOT_FOUND", message: "No subtask" },
      { subtask: seed.subtaskKey, phase: "no-such-phase", code: "NOT_FOUND", message: "No phase" },
      { subtask: seed.subtaskKey, phase: closed.key, code: "PHASE_CLOSED", message: "closed at" },
    ];
    for (const c of cases) {
      const held = heldFile(token, c.subtask, c.phase);
      // The body never ends unless the test ends it: an answer means the file was refused unread.
      const response = await POST(held.request, routeParams({ slug: seed.slug }));
      held.end();
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(c.code);
      expect(body.error.message).toContain(c.message);
    }
    expect(await p.ctx.db.submission.count({ where: { uploaderId: user.id } })).toBe(0);
  });
});
