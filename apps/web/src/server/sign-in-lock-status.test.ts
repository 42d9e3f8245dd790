import { describe, expect, it } from "vitest";
import { withSignInLockStatus } from "./sign-in-lock-status";

const answer = (error: string, status = 401) =>
  new Response(JSON.stringify({ url: `http://127.0.0.1:3000/api/auth/error?error=${encodeURIComponent(error)}` }), {
    status,
    headers: { "content-type": "application/json", "set-cookie": "next-auth.csrf-token=x" },
  });

describe("withSignInLockStatus", () => {
  it("turns a locked sign-in into 429 with Retry-After, keeping next-auth's body and headers", async () => {
    const locked = answer("Too many failed sign-ins for this account. Try again in 15 minutes (after 14:05 UTC).");
    const expectedBody = await locked.clone().text();
    const response = await withSignInLockStatus(locked);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("900");
    expect(response.headers.get("set-cookie")).toContain("next-auth.csrf-token");
    expect(await response.text()).toBe(expectedBody);
  });

  it("leaves a wrong password (401) and everything else as next-auth answered", async () => {
    expect((await withSignInLockStatus(answer("CredentialsSignin"))).status).toBe(401);
    expect((await withSignInLockStatus(answer("Too many failed sign-ins. Try again in 1 minute", 200))).status).toBe(200);
    expect((await withSignInLockStatus(new Response("not json", { status: 401 }))).status).toBe(401);
  });
});
