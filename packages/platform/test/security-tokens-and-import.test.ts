// Attacks on API tokens (full power, no expiry) and on `import-germeval` (a squatted slug).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  authenticateApiToken,
  claimTaskForImport,
  createApiToken,
  createTask,
  createUser,
  httpStatusFor,
  listApiTokens,
  requireApiUser,
  requireSubmitScope,
} from "../src/index.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
const NOW = new Date("2026-11-24T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
});
afterAll(async () => {
  await p?.cleanup();
});

const strong = "quartz-lantern-meadow";

describe("API tokens", () => {
  it("expire after 90 days by default, or after the chosen number of days", async () => {
    const user = await createUser({ name: "Script", email: "script@example.test", password: strong }, p.ctx);
    const byDefault = await createApiToken({ userId: user.id, name: "ci" }, p.ctx);
    const week = await createApiToken({ userId: user.id, name: "week", expiresInDays: 7 }, p.ctx);
    expect(byDefault.apiToken.expiresAt?.toISOString()).toBe(new Date(NOW.getTime() + 90 * DAY).toISOString());
    expect(byDefault.apiToken.scope).toBe("SUBMIT");
    p.setNow(new Date(NOW.getTime() + 7 * DAY - 1));
    expect(await authenticateApiToken(week.token, p.ctx)).toMatchObject({ id: user.id });
    p.setNow(new Date(NOW.getTime() + 7 * DAY));
    expect(await authenticateApiToken(week.token, p.ctx)).toBeNull();
    await expect(requireApiUser(`Bearer ${week.token}`, p.ctx)).rejects.toMatchObject({
      code: "INVALID_TOKEN",
      message: expect.stringContaining("expired"),
    });
    expect(await authenticateApiToken(byDefault.token, p.ctx)).toMatchObject({ id: user.id });
    p.setNow(new Date(NOW.getTime() + 90 * DAY));
    expect(await authenticateApiToken(byDefault.token, p.ctx)).toBeNull();
    p.setNow(NOW);
  });

  it("refuses an expiry outside 1–365 days", async () => {
    const user = await createUser({ name: "Greedy", email: "greedy@example.test", password: strong }, p.ctx);
    await expect(createApiToken({ userId: user.id, name: "forever", expiresInDays: 10_000 }, p.ctx)).rejects.toThrow(/365/);
    expect(await listApiTokens({ userId: user.id }, p.ctx)).toEqual([]);
  });

  it("a read token cannot submit (TOKEN_SCOPE, 403); a submit token and a browser session can", async () => {
    const user = await createUser({ name: "Reader", email: "reader@example.test", password: strong }, p.ctx);
    const read = await createApiToken({ userId: user.id, name: "dashboard", scope: "READ" }, p.ctx);
    const submit = await createApiToken({ userId: user.id, name: "runner", scope: "SUBMIT" }, p.ctx);
    const readViewer = await requireApiUser(`Bearer ${read.token}`, p.ctx);
    expect(readViewer.tokenScope).toBe("READ");
    let refused: unknown;
    try {
      requireSubmitScope(readViewer);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(httpStatusFor(refused as AppError)).toBe(403);
    expect((refused as AppError).code).toBe("TOKEN_SCOPE");
    const submitViewer = await requireApiUser(`Bearer ${submit.token}`, p.ctx);
    expect(() => requireSubmitScope(submitViewer)).not.toThrow();
    expect(() => requireSubmitScope(user)).not.toThrow();
  });

  it("records the last use, shown on the profile", async () => {
    const user = await createUser({ name: "Used", email: "used@example.test", password: strong }, p.ctx);
    const { token } = await createApiToken({ userId: user.id, name: "used" }, p.ctx);
    expect((await listApiTokens({ userId: user.id }, p.ctx))[0]!.lastUsedAt).toBeNull();
    const later = new Date(NOW.getTime() + 3 * DAY);
    p.setNow(later);
    await authenticateApiToken(token, p.ctx);
    p.setNow(NOW);
    expect((await listApiTokens({ userId: user.id }, p.ctx))[0]).toMatchObject({ lastUsedAt: later, scope: "SUBMIT" });
  });
});

describe("import-germeval's task (slug squatting)", () => {
  it("refuses a slug owned by someone else; reuses the importer's own; an admin may take it over with forceOwner", async () => {
    const squatter = await createUser({ name: "Squatter", email: "squatter@example.test", password: strong, role: "ORGANISER" }, p.ctx);
    const admin = await createUser({ name: "Admin", email: "root@example.test", password: strong, role: "ADMIN" }, p.ctx);
    const organiser = await createUser({ name: "Other organiser", email: "orga@example.test", password: strong, role: "ORGANISER" }, p.ctx);
    await createTask({ userId: squatter.id, slug: "germeval-2019", title: "Mine now" }, p.ctx);

    const refused = await claimTaskForImport({ userId: admin.id, slug: "germeval-2019", title: "GermEval" }, p.ctx).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("--force-owner") });
    expect(await p.ctx.db.taskOwner.count({ where: { task: { slug: "germeval-2019" } } })).toBe(1);

    const notAdmin = await claimTaskForImport(
      { userId: organiser.id, slug: "germeval-2019", title: "GermEval", forceOwner: true },
      p.ctx,
    ).catch((e: unknown) => e);
    expect(notAdmin).toMatchObject({ code: "FORBIDDEN" });

    const taken = await claimTaskForImport({ userId: admin.id, slug: "germeval-2019", title: "GermEval", forceOwner: true }, p.ctx);
    expect(taken.created).toBe(false);
    const owners = await p.ctx.db.taskOwner.findMany({ where: { taskId: taken.id }, select: { userId: true } });
    expect(owners).toEqual([{ userId: admin.id }]);
    const audit = await p.ctx.db.auditLog.findFirst({ where: { action: "task.force-owner", targetId: taken.id } });
    expect(audit?.details).toEqual({ removedOwners: [squatter.id] });

    // Now the admin's own: reused without --force-owner.
    expect(await claimTaskForImport({ userId: admin.id, slug: "germeval-2019", title: "GermEval" }, p.ctx)).toEqual({
      id: taken.id,
      slug: "germeval-2019",
      created: false,
    });
    // A free slug is created with the importer as owner.
    const fresh = await claimTaskForImport({ userId: admin.id, slug: "fresh-slug", title: "Fresh" }, p.ctx);
    expect(fresh.created).toBe(true);
  });
});
