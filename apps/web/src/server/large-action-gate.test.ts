// Who may send a server action with a file body, judged in the proxy before a byte of it is read:
// against a real database and the real platform, with real next-auth session cookies.
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { configurePlatform, createUser, endSessions } from "@hierboard/platform";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/env";
import { proxy } from "../proxy";
import { errorCode } from "./testing/route-test-doubles";

process.env.LOG_LEVEL = "warn";
const MB = 1024 * 1024;

let p: TestPlatform;
let seed: SeededTask;
let otherOrganiserId = "";

beforeAll(async () => {
  p = await createTestPlatform();
  configurePlatform(p.ctx);
  seed = await seedTask(p.ctx, { slug: "gate" });
  const other = await createUser({ name: "Ola Other", email: "ola@gate.test", password: "granite-harbour-77", role: "ORGANISER" }, p.ctx);
  otherOrganiserId = other.id;
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

async function sessionCookie(userId: string): Promise<string> {
  const { sessionVersion } = await p.ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
  const token = await encode({ token: { sub: userId, sessionVersion }, secret: env.authSecret });
  return `next-auth.session-token=${token}`;
}

/** A server-action POST whose body never ends: only a check made before reading it can answer. */
function actionPost(path: string, opts: { length?: number; cookie?: string } = {}): NextRequest {
  const headers: Record<string, string> = { "next-action": "7f00aa", "content-type": "multipart/form-data; boundary=x" };
  if (opts.length !== undefined) headers["content-length"] = String(opts.length);
  if (opts.cookie) headers.cookie = opts.cookie;
  const body = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
  return new NextRequest(new Request(`http://127.0.0.1:3000${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit));
}

async function refusal(request: NextRequest): Promise<{ status: number; code: string | undefined }> {
  const response = await proxy(request);
  expect(request.bodyUsed).toBe(false);
  return { status: response.status, code: response.status === 200 ? undefined : await errorCode(response) };
}

describe("a server action with a file body is judged before it is read", () => {
  it("401 for a visitor, with a declared body or none, on the console's file forms", async () => {
    expect(await refusal(actionPost("/organise/gate", { length: 5 * MB }))).toEqual({ status: 401, code: "UNAUTHENTICATED" });
    expect(await refusal(actionPost("/organise", { length: 5 * MB }))).toEqual({ status: 401, code: "UNAUTHENTICATED" });
    expect(await refusal(actionPost("/organise/gate"))).toEqual({ status: 401, code: "UNAUTHENTICATED" });
  });

  it("403 for a participant, and for an organiser of another task, on the task's console", async () => {
    const participant = await sessionCookie(seed.memberId);
    expect(await refusal(actionPost("/organise/gate/participants", { length: 5 * MB, cookie: participant }))).toEqual({
      status: 403,
      code: "FORBIDDEN",
    });
    expect(await refusal(actionPost("/organise", { length: 5 * MB, cookie: participant }))).toEqual({ status: 403, code: "FORBIDDEN" });
    const other = await sessionCookie(otherOrganiserId);
    expect(await refusal(actionPost("/organise/gate", { length: 5 * MB, cookie: other }))).toEqual({ status: 403, code: "FORBIDDEN" });
  });

  it("404 for a task that does not exist", async () => {
    const owner = await sessionCookie(seed.organiserId);
    expect(await refusal(actionPost("/organise/no-such-task", { length: 5 * MB, cookie: owner }))).toEqual({
      status: 404,
      code: "NOT_FOUND",
    });
  });

  it("passes the task's organiser on its console, and an organiser on the bundle import, up to the 60 MB limit", async () => {
    const owner = await sessionCookie(seed.organiserId);
    expect((await proxy(actionPost("/organise/gate", { length: 60 * MB, cookie: owner }))).status).toBe(200);
    const other = await sessionCookie(otherOrganiserId);
    expect((await proxy(actionPost("/organise", { length: 5 * MB, cookie: other }))).status).toBe(200);
  });

  it("413 for a file body posted to any other page, even by an organiser: an action's id works on every path", async () => {
    const owner = await sessionCookie(seed.organiserId);
    const response = await proxy(actionPost("/tasks/gate", { length: 5 * MB, cookie: owner }));
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("FILE_TOO_LARGE");
    expect(body.error.message).toBe(
      "Expected a form of at most 256 kB on this page, found 5 MB; files are sent from the organiser console.",
    );
  });

  it("lets small forms through unjudged, and refuses a cookie whose sessions were ended", async () => {
    expect((await proxy(actionPost("/signup", { length: 4096 }))).status).toBe(200);
    const owner = await sessionCookie(seed.organiserId);
    await endSessions({ userId: seed.organiserId }, p.ctx);
    expect(await refusal(actionPost("/organise/gate", { length: 5 * MB, cookie: owner }))).toEqual({
      status: 401,
      code: "UNAUTHENTICATED",
    });
  });
});
