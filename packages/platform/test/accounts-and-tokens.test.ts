import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  authenticateApiToken,
  createApiToken,
  createUser,
  listApiTokens,
  requireApiUser,
  revokeApiToken,
  setUserRole,
  grantRole,
  verifyCredentials,
  createTask,
} from "../src/index.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform();
});
afterAll(async () => {
  await p?.cleanup();
});

describe("accounts", () => {
  it("stores an Argon2id hash, never the password, and checks credentials", async () => {
    const user = await createUser({ name: "Ada", email: "Ada@Example.test", password: "correct horse battery" }, p.ctx);
    expect(user).toEqual({ id: user.id, email: "ada@example.test", name: "Ada", role: "PARTICIPANT", sessionVersion: 0 });
    const row = await p.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain("correct horse battery");
    expect(await verifyCredentials({ email: "ADA@example.test", password: "correct horse battery" }, p.ctx)).toEqual({
      ...user,
      sessionVersion: 0,
    });
    expect(await verifyCredentials({ email: "ada@example.test", password: "wrong horse battery" }, p.ctx)).toBeNull();
    expect(await verifyCredentials({ email: "nobody@example.test", password: "correct horse battery" }, p.ctx)).toBeNull();
  });

  it("refuses a second account with the same email", async () => {
    await expect(createUser({ name: "Ada 2", email: "ada@example.test", password: "another pass phrase" }, p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("lets only organisers create tasks and only admins grant roles", async () => {
    const participant = await createUser({ name: "Pat", email: "pat@example.test", password: "heron-sandstone-7" }, p.ctx);
    await expect(createTask({ userId: participant.id, slug: "t1", title: "Task one" }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setUserRole({ actorId: participant.id, email: "pat@example.test", role: "ADMIN" }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const admin = await createUser({ name: "Root", email: "root@example.test", password: "glacier-tambourine-3", role: "ADMIN" }, p.ctx);
    await setUserRole({ actorId: admin.id, email: "pat@example.test", role: "ORGANISER" }, p.ctx);
    expect(await createTask({ userId: participant.id, slug: "t1", title: "Task one" }, p.ctx)).toMatchObject({ slug: "t1" });
  });
});

describe("grantRole (operator CLI)", () => {
  it("promotes an existing account and refuses an unknown email", async () => {
    await createUser({ name: "Olga", email: "olga@example.test", password: "juniper-cobalt-55" }, p.ctx);
    expect(await grantRole({ email: "OLGA@example.test", role: "ORGANISER" }, p.ctx)).toMatchObject({ role: "ORGANISER" });
    await expect(grantRole({ email: "ghost@example.test", role: "ADMIN" }, p.ctx)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("API tokens", () => {
  it("stores only a hash, authenticates the owner, and stops working once revoked", async () => {
    const user = await createUser({ name: "Bot", email: "bot@example.test", password: "lichen-saxophone-8" }, p.ctx);
    const { token, apiToken } = await createApiToken({ userId: user.id, name: "ci" }, p.ctx);
    expect(token).toMatch(/^hb_[A-Za-z0-9_-]{43}$/);
    const stored = await p.ctx.db.apiToken.findUniqueOrThrow({ where: { id: apiToken.id } });
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.slice(3));
    expect((await authenticateApiToken(token, p.ctx))?.id).toBe(user.id);
    expect((await requireApiUser(`Bearer ${token}`, p.ctx)).id).toBe(user.id);
    expect((await listApiTokens({ userId: user.id }, p.ctx))[0]?.lastUsedAt).not.toBeNull();

    await revokeApiToken({ userId: user.id, tokenId: apiToken.id }, p.ctx);
    expect(await authenticateApiToken(token, p.ctx)).toBeNull();
  });

  it("answers a wrong, malformed or absent token with INVALID_TOKEN (401)", async () => {
    for (const header of [undefined, "", "Bearer", "Basic abc", "Bearer hb_wrongwrongwrongwrongwrongwrongwrongwrongwro"]) {
      const error = await requireApiUser(header, p.ctx).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("INVALID_TOKEN");
      expect((error as AppError).status).toBe(401);
    }
  });

  it("does not let one user revoke another's token", async () => {
    const a = await createUser({ name: "A", email: "a@example.test", password: "amber-wharf-lantern" }, p.ctx);
    const b = await createUser({ name: "B", email: "b@example.test", password: "birch-velvet-compass" }, p.ctx);
    const { token, apiToken } = await createApiToken({ userId: a.id, name: "mine" }, p.ctx);
    await expect(revokeApiToken({ userId: b.id, tokenId: apiToken.id }, p.ctx)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await authenticateApiToken(token, p.ctx)).not.toBeNull();
  });
});
