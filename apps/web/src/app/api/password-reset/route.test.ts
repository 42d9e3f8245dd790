// POST /api/password-reset against the real platform, database and Redis: the same 202 for every
// address, nothing taken from the Host header, same-origin only, limits per address.
import { configurePlatform, createUser } from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode } from "@/server/testing/route-test-doubles";

process.env.LOG_LEVEL = "warn";
const { POST } = await import("./route");

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
  configurePlatform(p.ctx);
  await createUser({ name: "Known", email: "known@example.test", password: "quartz-lantern-meadow" }, p.ctx);
});
afterAll(async () => {
  await p?.cleanup();
});

function reset(body: string, headers: Record<string, string> = {}): Request {
  return new Request("http://board.example.org/api/password-reset", {
    method: "POST",
    body,
    headers: { host: "board.example.org", origin: "http://board.example.org", "content-type": "application/json", ...headers },
  });
}

async function mailPayloads(): Promise<unknown[]> {
  return (await p.queue.getJobs(["waiting"])).filter((j) => j.name === "mail").map((j) => j.data);
}

describe("POST /api/password-reset", () => {
  it("answers 202 with the same body for a registered and an unknown address", async () => {
    const known = await POST(reset(JSON.stringify({ email: "known@example.test" }), { "x-forwarded-for": "10.0.0.1" }));
    const unknown = await POST(reset(JSON.stringify({ email: "unknown@example.test" }), { "x-forwarded-for": "10.0.0.1" }));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const [a, b] = [await known.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a)).toMatchObject({ status: "accepted" });
  });

  it("takes nothing from the Host header: the job carries the address only, the link's host is configured in the worker", async () => {
    const poisoned = await POST(
      reset(JSON.stringify({ email: "known@example.test" }), {
        host: "evil.example",
        origin: "http://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-for": "10.0.0.2",
      }),
    );
    expect(poisoned.status).toBe(202);
    const payloads = await mailPayloads();
    expect(JSON.stringify(payloads)).not.toContain("evil.example");
    for (const payload of payloads) expect(Object.keys(payload as object).sort()).toEqual(["email", "kind"]);
  });

  it("refuses a cross-site POST and one without an Origin", async () => {
    const crossSite = await POST(
      reset(JSON.stringify({ email: "known@example.test" }), { origin: "https://attacker.example", cookie: "x=1" }),
    );
    expect(crossSite.status).toBe(403);
    expect(await errorCode(crossSite)).toBe("CROSS_ORIGIN");
    const noOrigin = new Request("http://board.example.org/api/password-reset", {
      method: "POST",
      body: JSON.stringify({ email: "known@example.test" }),
      headers: { host: "board.example.org" },
    });
    expect((await POST(noOrigin)).status).toBe(401);
  });

  it("says what it expected for a body that is not JSON, has no email, or not an address", async () => {
    const notJson = await POST(reset("email=known@example.test"));
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { message: string } }).error.message).toMatch(/Expected a JSON body/);
    const noEmail = await POST(reset(JSON.stringify({ mail: "known@example.test" })));
    expect(noEmail.status).toBe(422);
    expect(((await noEmail.json()) as { error: { message: string } }).error.message).toMatch(/Expected \{"email"/);
    const notAddress = await POST(reset(JSON.stringify({ email: "known" })));
    expect(notAddress.status).toBe(422);
    expect(JSON.stringify(await notAddress.json())).toMatch(/Expected an email address/);
  });

  it("is 429 with Retry-After once an address used its budget", async () => {
    const body = JSON.stringify({ email: "limited@example.test" });
    for (let i = 0; i < 3; i++) expect((await POST(reset(body, { "x-forwarded-for": `10.1.0.${i}` }))).status).toBe(202);
    const limited = await POST(reset(body, { "x-forwarded-for": "10.1.0.9" }));
    expect(limited.status).toBe(429);
    expect(await errorCode(limited)).toBe("TOO_MANY_ATTEMPTS");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
