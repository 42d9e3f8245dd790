// The password reset flow's rules (docs/security.md, "Password reset"): the request answers the
// same for every address and only queues a job; links are single-use, expire after an hour, are
// stored only as a hash and say why they are refused; a reset ends every session and API token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  authenticateApiToken,
  createApiToken,
  createUser,
  getSessionVersion,
  httpStatusFor,
  requestPasswordReset,
  resetPassword,
  verifyCredentials,
} from "../src/index.ts";
import { issueAccountLink } from "../src/mail/account-links.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(async () => {
  await p?.cleanup();
});

const strong = "quartz-lantern-meadow";
const newPassword = "violet-harbour-compass";

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function mailJobs(): Promise<unknown[]> {
  return (await p.queue.getJobs(["waiting"])).filter((j) => j.name === "mail").map((j) => j.data);
}

describe("asking for a reset", () => {
  it("queues the same job whether or not the address has an account, and does nothing else on the request", async () => {
    await createUser({ name: "Known", email: "known@example.test", password: strong }, p.ctx);
    const before = await p.ctx.db.accountLink.count();
    expect(await requestPasswordReset({ email: "Known@Example.test", ip: "10.1.0.1" }, p.ctx)).toBeUndefined();
    expect(await requestPasswordReset({ email: "nobody@example.test", ip: "10.1.0.1" }, p.ctx)).toBeUndefined();
    expect(await mailJobs()).toEqual(
      expect.arrayContaining([
        { kind: "password-reset", email: "known@example.test" },
        { kind: "password-reset", email: "nobody@example.test" },
      ]),
    );
    // No link exists until the worker runs the job: the request itself never looks the address up.
    expect(await p.ctx.db.accountLink.count()).toBe(before);
  });

  it("refuses something that is not an address, saying what it expected", async () => {
    const error = await requestPasswordReset({ email: "not an address", ip: "10.1.0.2" }, p.ctx).catch((e: unknown) => e);
    expect(String((error as Error).message)).toMatch(/Expected an email address/);
  });

  it("limits requests per address (known or not) to 3 an hour, then 429", async () => {
    for (const email of ["known@example.test", "ghost@example.test"]) {
      if (email === "ghost@example.test") for (let i = 0; i < 3; i++) await requestPasswordReset({ email, ip: `10.2.0.${i}` }, p.ctx);
      else for (let i = 1; i < 3; i++) await requestPasswordReset({ email, ip: `10.2.1.${i}` }, p.ctx);
      const locked = await failure(requestPasswordReset({ email, ip: "10.2.9.9" }, p.ctx));
      expect(locked.code).toBe("TOO_MANY_ATTEMPTS");
      expect(httpStatusFor(locked)).toBe(429);
      expect(locked.message).toMatch(/Too many password reset requests for this address/);
    }
  });

  it("limits requests per client to 20 an hour, whatever the addresses", async () => {
    for (let i = 0; i < 20; i++) await requestPasswordReset({ email: `spray-${i}@example.test`, ip: "10.3.0.1" }, p.ctx);
    const locked = await failure(requestPasswordReset({ email: "spray-last@example.test", ip: "10.3.0.1" }, p.ctx));
    expect(locked.message).toMatch(/from your network address/);
    // Another client is not held up by it.
    await requestPasswordReset({ email: "spray-last@example.test", ip: "10.3.0.2" }, p.ctx);
  });
});

describe("following a reset link", () => {
  it("sets the password, ends every session and revokes every API token", async () => {
    const user = await createUser({ name: "Resetter", email: "resetter@example.test", password: strong }, p.ctx);
    const token = await createApiToken({ userId: user.id, name: "ci" }, p.ctx);
    const sessionVersion = await getSessionVersion(user.id, p.ctx);
    expect(await authenticateApiToken(token.token, p.ctx)).toMatchObject({ id: user.id });
    const secret = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", p.ctx.now());

    await resetPassword({ token: secret, newPassword }, p.ctx);

    expect(await verifyCredentials({ email: "resetter@example.test", password: newPassword }, p.ctx)).toMatchObject({ id: user.id });
    expect(await verifyCredentials({ email: "resetter@example.test", password: strong }, p.ctx)).toBeNull();
    expect(await getSessionVersion(user.id, p.ctx)).toBeGreaterThan(sessionVersion);
    expect(await authenticateApiToken(token.token, p.ctx)).toBeNull();
  });

  it("stores only the link's hash", async () => {
    const user = await createUser({ name: "Hashed", email: "hashed@example.test", password: strong }, p.ctx);
    const secret = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", p.ctx.now());
    const rows = await p.ctx.db.accountLink.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("works once: a second use is refused as used, and so are the account's other open links", async () => {
    const user = await createUser({ name: "Twice", email: "twice@example.test", password: strong }, p.ctx);
    const first = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", p.ctx.now());
    const second = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", p.ctx.now());
    await resetPassword({ token: first, newPassword }, p.ctx);
    for (const secret of [first, second]) {
      const used = await failure(resetPassword({ token: secret, newPassword: "another-fine-passphrase" }, p.ctx));
      expect(used.code).toBe("LINK_REFUSED");
      expect(httpStatusFor(used)).toBe(410);
      expect(used.message).toMatch(/was used already/);
      expect(used.details).toEqual({ reason: "used" });
    }
  });

  it("expires after an hour, saying when", async () => {
    const user = await createUser({ name: "Late", email: "late@example.test", password: strong }, p.ctx);
    const issuedAt = new Date("2026-11-20T10:00:00Z");
    const secret = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", issuedAt);
    p.setNow(new Date(issuedAt.getTime() + 60 * 60 * 1000 + 1));
    try {
      const expired = await failure(resetPassword({ token: secret, newPassword }, p.ctx));
      expect(expired.details).toEqual({ reason: "expired" });
      expect(expired.message).toMatch(/expired at 2026-11-20 11:00 UTC/);
      p.setNow(new Date(issuedAt.getTime() + 59 * 60 * 1000));
      await resetPassword({ token: secret, newPassword }, p.ctx);
    } finally {
      p.setNow(new Date());
    }
  });

  it("refuses an unknown link and an address-confirmation link as unknown", async () => {
    const user = await createUser({ name: "Other", email: "other@example.test", password: strong }, p.ctx);
    const confirm = await issueAccountLink(p.ctx.db, user.id, "VERIFY_ADDRESS", p.ctx.now());
    for (const token of ["made-up-secret", confirm]) {
      const unknown = await failure(resetPassword({ token, newPassword }, p.ctx));
      expect(unknown.details).toEqual({ reason: "unknown" });
      expect(unknown.message).toMatch(/is not known/);
    }
  });

  it("refuses a weak password without spending the link", async () => {
    const user = await createUser({ name: "Weak", email: "weak@example.test", password: strong }, p.ctx);
    const secret = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", p.ctx.now());
    const weak = await failure(resetPassword({ token: secret, newPassword: "password" }, p.ctx));
    expect(weak.code).toBe("WEAK_PASSWORD");
    await resetPassword({ token: secret, newPassword }, p.ctx);
    expect(await verifyCredentials({ email: "weak@example.test", password: newPassword }, p.ctx)).toMatchObject({ id: user.id });
  });
});
