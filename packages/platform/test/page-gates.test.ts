// The gates the web app's layouts run before a page with a loading.tsx starts streaming (after
// which its status is 200): a hidden draft and a submission that may not be read must be decided
// up front, by the same rules as the pages' own data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, isTaskVisible, setTaskStatus, submissionPageAccess } from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx, { slug: "gated" });
});
afterAll(async () => {
  await p?.cleanup();
});

describe("isTaskVisible", () => {
  it("sees a published task for everyone, a draft for its organisers, admins and the preview link only", async () => {
    expect(await isTaskVisible({ slug: seed.slug, viewerId: null }, p.ctx)).toBe(true);
    expect(await isTaskVisible({ slug: "no-such-task", viewerId: seed.organiserId }, p.ctx)).toBe(false);
    await setTaskStatus({ userId: seed.organiserId, slug: seed.slug, status: "DRAFT" }, p.ctx);
    const { previewToken } = await p.ctx.db.task.findUniqueOrThrow({ where: { slug: seed.slug } });
    const admin = await createUser({ name: "Ada", email: "ada@gated.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx);
    const seen = async (viewerId: string | null, token?: string | null) =>
      isTaskVisible({ slug: seed.slug, viewerId, previewToken: token }, p.ctx);
    expect([await seen(null), await seen(seed.memberId), await seen(null, "guess")]).toEqual([false, false, false]);
    expect([await seen(seed.organiserId), await seen(admin.id), await seen(null, previewToken)]).toEqual([true, true, true]);
    await setTaskStatus({ userId: seed.organiserId, slug: seed.slug, status: "PUBLISHED" }, p.ctx);
  });
});

describe("submissionPageAccess", () => {
  it("sends an anonymous visitor to sign in before the phase ends, hides it from outsiders, and opens it to all afterwards", async () => {
    const { id } = await submitAsMember(p.ctx, seed, "pred.tsv", fixture("pred-good.tsv"));
    const access = (viewerId: string | null, slug = seed.slug) => submissionPageAccess({ slug, id, viewerId }, p.ctx);
    expect(await access(seed.memberId)).toBe("readable");
    expect(await access(seed.organiserId)).toBe("readable");
    expect(await access(null)).toBe("sign-in");
    expect(await access(seed.outsiderId)).toBe("not-found");
    expect(await access(seed.memberId, "another-task")).toBe("not-found");
    expect(await submissionPageAccess({ slug: seed.slug, id: "no-such-id", viewerId: seed.memberId }, p.ctx)).toBe("not-found");
    p.setNow(new Date(Date.now() + 30 * 86_400_000));
    expect([await access(null), await access(seed.outsiderId)]).toEqual(["readable", "readable"]);
  });
});
