// Attacks on accounts (docs/security.md): brute force, weak and truncated passwords, sessions that
// outlive sign-out, a password or role change, and sign-up telling whether an email has an account.
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  authenticateApiToken,
  changePassword,
  createApiToken,
  createUser,
  decideHostRequest,
  endSessions,
  getSessionUser,
  httpStatusFor,
  requestToHost,
  setUserRole,
  signUp,
  verifyCredentials,
} from "../src/index.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(async () => {
  await p?.cleanup();
});

const strong = "quartz-lantern-meadow";

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("sign-in throttling (brute force)", () => {
  it("locks an account after 10 failures, refuses the right password during the lock with when to retry, and is 429", async () => {
    await createUser({ name: "Victim", email: "victim@example.test", password: strong }, p.ctx);
    for (let i = 0; i < 10; i++) {
      expect(await verifyCredentials({ email: "victim@example.test", password: `wrong-${i}`, ip: `10.0.0.${i}` }, p.ctx)).toBeNull();
    }
    const locked = await failure(verifyCredentials({ email: "victim@example.test", password: strong, ip: "10.9.9.9" }, p.ctx));
    expect(locked.code).toBe("TOO_MANY_ATTEMPTS");
    expect(httpStatusFor(locked)).toBe(429);
    expect(locked.message).toMatch(/Too many failed sign-ins for this account\. Try again in \d+ minutes? \(after \d\d:\d\d UTC\)\./);
    expect((locked.details as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("a success clears the account's failures", async () => {
    await createUser({ name: "Forgetful", email: "forgetful@example.test", password: strong }, p.ctx);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect(await verifyCredentials({ email: "forgetful@example.test", password: "nope" }, p.ctx)).toBeNull();
      expect(await verifyCredentials({ email: "forgetful@example.test", password: strong }, p.ctx)).toMatchObject({
        email: "forgetful@example.test",
      });
    }
  });

  it("locks a network address that tries many accounts (50 failures)", async () => {
    for (let i = 0; i < 50; i++) {
      expect(await verifyCredentials({ email: `spray-${i}@example.test`, password: "Winter2026!", ip: "192.0.2.7" }, p.ctx)).toBeNull();
    }
    const locked = await failure(verifyCredentials({ email: "someone-else@example.test", password: "x", ip: "192.0.2.7" }, p.ctx));
    expect(locked.code).toBe("TOO_MANY_ATTEMPTS");
    expect(locked.message).toContain("from your network address");
    // Another address is not affected.
    expect(await verifyCredentials({ email: "someone-else@example.test", password: "x", ip: "192.0.2.8" }, p.ctx)).toBeNull();
  });

  it("treats an unknown email like a known one: checked against an Argon2id hash, counted, locked", async () => {
    for (let i = 0; i < 10; i++) expect(await verifyCredentials({ email: "ghost@example.test", password: "guess" }, p.ctx)).toBeNull();
    const locked = await failure(verifyCredentials({ email: "ghost@example.test", password: "guess" }, p.ctx));
    expect(locked.code).toBe("TOO_MANY_ATTEMPTS");
  });
});

describe("passwords", () => {
  it.each([
    ["12345678", /at least 10 characters \(this password has 8\)/],
    ["aaaaaaaaaa", /too easy to guess \(strength 0 of 4, at least 3 needed\)/],
    ["password1234", /too easy to guess/],
    ["x".repeat(201), /at most 200 characters \(this password has 201\); longer passwords are refused, not cut/],
  ])("refuses %s with WEAK_PASSWORD (422) and a message saying what is expected", async (password, message) => {
    const error = await failure(
      createUser({ name: "Weak", email: `weak-${password.length}-${password[0]}@example.test`, password }, p.ctx),
    );
    expect(error.code).toBe("WEAK_PASSWORD");
    expect(httpStatusFor(error)).toBe(422);
    expect(error.message).toMatch(message);
    expect(await p.ctx.db.user.count({ where: { email: { startsWith: "weak-" } } })).toBe(0);
  });

  it("refuses a password built from the account's own name and email", async () => {
    const error = await failure(
      createUser({ name: "Bartholomew Quince", email: "bartholomew@example.test", password: "bartholomewquince" }, p.ctx),
    );
    expect(error.code).toBe("WEAK_PASSWORD");
  });

  it("stores Argon2id and compares every character (no 72-byte truncation)", async () => {
    const long = `${"correct-horse-battery-staple-".repeat(3)}A`; // 88 bytes
    await createUser({ name: "Long", email: "long@example.test", password: long }, p.ctx);
    const row = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "long@example.test" } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyCredentials({ email: "long@example.test", password: `${long.slice(0, 72)}zzzz` }, p.ctx)).toBeNull();
    expect(await verifyCredentials({ email: "long@example.test", password: long }, p.ctx)).toMatchObject({ email: "long@example.test" });
  });

  it("upgrades a legacy bcrypt hash to Argon2id at the next sign-in", async () => {
    const legacy = await bcrypt.hash(strong, 4);
    await p.ctx.db.user.create({ data: { name: "Legacy", email: "legacy@example.test", passwordHash: legacy } });
    expect(await verifyCredentials({ email: "legacy@example.test", password: "not-it-at-all" }, p.ctx)).toBeNull();
    expect((await p.ctx.db.user.findUniqueOrThrow({ where: { email: "legacy@example.test" } })).passwordHash).toBe(legacy);
    expect(await verifyCredentials({ email: "legacy@example.test", password: strong }, p.ctx)).toMatchObject({
      email: "legacy@example.test",
    });
    const upgraded = (await p.ctx.db.user.findUniqueOrThrow({ where: { email: "legacy@example.test" } })).passwordHash;
    expect(upgraded).toMatch(/^\$argon2id\$/);
    expect(await verifyCredentials({ email: "legacy@example.test", password: strong }, p.ctx)).toMatchObject({
      email: "legacy@example.test",
    });
  });

  it("never lets a legacy bcrypt hash accept a different password sharing its first 72 bytes", async () => {
    const long = "L".repeat(72) + "-the-real-tail";
    await p.ctx.db.user.create({
      data: { name: "Legacy long", email: "legacy-long@example.test", passwordHash: await bcrypt.hash(long, 4) },
    });
    // bcrypt itself would say yes:
    expect(
      await bcrypt.compare(
        "L".repeat(72) + "-an-attackers-tail",
        (await p.ctx.db.user.findUniqueOrThrow({ where: { email: "legacy-long@example.test" } })).passwordHash,
      ),
    ).toBe(true);
    expect(
      await verifyCredentials({ email: "legacy-long@example.test", password: "L".repeat(72) + "-an-attackers-tail" }, p.ctx),
    ).toBeNull();
  });
});

describe("sessions end", () => {
  async function signedIn(email: string) {
    const user = await verifyCredentials({ email, password: strong }, p.ctx);
    if (!user) throw new Error(`expected ${email} to sign in`);
    return { userId: user.id, sessionVersion: user.sessionVersion };
  }

  it("on sign-out / sign out everywhere: an old cookie's version no longer opens a session", async () => {
    await createUser({ name: "Session", email: "session@example.test", password: strong }, p.ctx);
    const cookie = await signedIn("session@example.test");
    expect(await getSessionUser(cookie, p.ctx)).toMatchObject({ email: "session@example.test" });
    await endSessions({ userId: cookie.userId }, p.ctx);
    expect(await getSessionUser(cookie, p.ctx)).toBeNull();
    expect(await getSessionUser({ userId: cookie.userId, sessionVersion: undefined }, p.ctx)).toBeNull();
    const fresh = await signedIn("session@example.test");
    expect(await getSessionUser(fresh, p.ctx)).toMatchObject({ email: "session@example.test" });
  });

  it("on a password change, which needs the current password and a strong new one, and ends the API tokens too", async () => {
    await createUser({ name: "Changer", email: "changer@example.test", password: strong }, p.ctx);
    const cookie = await signedIn("changer@example.test");
    const { token } = await createApiToken({ userId: cookie.userId, name: "script", scope: "SUBMIT" }, p.ctx);
    expect(
      (await failure(changePassword({ userId: cookie.userId, currentPassword: "wrong", newPassword: "violet-harbour-engine" }, p.ctx)))
        .code,
    ).toBe("FORBIDDEN");
    expect((await failure(changePassword({ userId: cookie.userId, currentPassword: strong, newPassword: "1234567890" }, p.ctx))).code).toBe(
      "WEAK_PASSWORD",
    );
    expect(await getSessionUser(cookie, p.ctx)).not.toBeNull();
    expect(await authenticateApiToken(token, p.ctx)).not.toBeNull();
    await changePassword({ userId: cookie.userId, currentPassword: strong, newPassword: "violet-harbour-engine" }, p.ctx);
    expect(await getSessionUser(cookie, p.ctx)).toBeNull();
    expect(await authenticateApiToken(token, p.ctx)).toBeNull();
    expect(await verifyCredentials({ email: "changer@example.test", password: "violet-harbour-engine" }, p.ctx)).not.toBeNull();
  });

  it("on a role change", async () => {
    const admin = await createUser({ name: "Admin", email: "admin@example.test", password: strong, role: "ADMIN" }, p.ctx);
    await createUser({ name: "Promoted", email: "promoted@example.test", password: strong }, p.ctx);
    const cookie = await signedIn("promoted@example.test");
    await setUserRole({ actorId: admin.id, email: "promoted@example.test", role: "ORGANISER" }, p.ctx);
    expect(await getSessionUser(cookie, p.ctx)).toBeNull();
  });

  it("on an approved request to host (a role change too), not on a refused one", async () => {
    const admin = await createUser({ name: "Admin", email: "host-admin@example.test", password: strong, role: "ADMIN" }, p.ctx);
    for (const approve of [false, true]) {
      const email = `asks-${approve}@example.test`;
      await createUser({ name: "Asks", email, password: strong }, p.ctx);
      const cookie = await signedIn(email);
      const request = await requestToHost({ userId: cookie.userId, message: "A task for the tests." }, p.ctx);
      // The admin is told whose sessions ended, so the confirmation can say it.
      expect(await decideHostRequest({ actorId: admin.id, requestId: request.id, approve }, p.ctx)).toEqual({
        email,
        sessionsEnded: approve,
      });
      const session = await getSessionUser(cookie, p.ctx);
      if (approve) expect(session).toBeNull();
      else expect(session).toMatchObject({ role: "PARTICIPANT" });
    }
    const fresh = await signedIn("asks-true@example.test");
    expect(await getSessionUser(fresh, p.ctx)).toMatchObject({ role: "ORGANISER" });
  });
});

describe("sign-up", () => {
  it("answers the same for an existing email and leaves that account untouched", async () => {
    await createUser({ name: "Owner", email: "taken@example.test", password: strong }, p.ctx);
    const before = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "taken@example.test" } });
    const existing = await signUp(
      { name: "Intruder", email: "taken@example.test", password: "another-strong-phrase", ip: "198.51.100.1" },
      p.ctx,
    );
    const fresh = await signUp(
      { name: "Newcomer", email: "new@example.test", password: "another-strong-phrase", ip: "198.51.100.2" },
      p.ctx,
    );
    expect(existing).toEqual(fresh);
    const after = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "taken@example.test" } });
    expect(after).toEqual(before);
    expect(await verifyCredentials({ email: "taken@example.test", password: "another-strong-phrase" }, p.ctx)).toBeNull();
  });

  it("is limited to 5 per network address an hour, then 429 with when to retry", async () => {
    for (let i = 0; i < 5; i++)
      await signUp({ name: `Sock ${i}`, email: `sock-${i}@example.test`, password: strong, ip: "203.0.113.5" }, p.ctx);
    const error = await failure(signUp({ name: "Sock 5", email: "sock-5@example.test", password: strong, ip: "203.0.113.5" }, p.ctx));
    expect(error.code).toBe("TOO_MANY_ATTEMPTS");
    expect(error.message).toContain("sign-ups from your network address");
    expect(await p.ctx.db.user.count({ where: { email: { startsWith: "sock-" } } })).toBe(5);
  });

  it("makes a participant, whatever role the request asks for: hosting is an admin's grant", async () => {
    const asksToHost = { name: "Hopeful Host", email: "host@example.test", password: strong, ip: "198.51.100.3", role: "ORGANISER" };
    await signUp(asksToHost as Parameters<typeof signUp>[0], p.ctx);
    const user = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "host@example.test" } });
    expect(user.role).toBe("PARTICIPANT");
  });

  it("refuses a weak password", async () => {
    expect((await failure(signUp({ name: "W", email: "w@example.test", password: "aaaaaaaaaa", ip: "198.51.100.9" }, p.ctx))).code).toBe(
      "WEAK_PASSWORD",
    );
  });
});
