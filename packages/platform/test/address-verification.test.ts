// Address verification, an instance setting: unconfirmed accounts browse but do not submit; the
// mailed link is single-use, stored as a hash, and expires.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  confirmAddress,
  createSubmission,
  httpStatusFor,
  getTaskOverview,
  requestAddressConfirmation,
  signUp,
} from "../src/index.ts";
import { issueAccountLink } from "../src/mail/account-links.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  p.ctx.verifyAddresses = true;
});
afterAll(async () => {
  await p?.cleanup();
});

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function submit(userId: string) {
  return createSubmission(
    {
      userId,
      slug: seed.slug,
      subtaskKey: seed.subtaskKey,
      phaseKey: seed.phaseKey,
      fileName: "run.tsv",
      content: fixture("pred-good.tsv"),
    },
    p.ctx,
  );
}

async function verifyMailJobs(): Promise<unknown[]> {
  return (await p.queue.getJobs(["waiting"]))
    .filter((j) => j.name === "mail" && (j.data as { kind?: string }).kind === "verify-address")
    .map((j) => j.data);
}

describe("address verification", () => {
  it("queues a confirmation mail for a sign-up, and none for an address that already has an account", async () => {
    await signUp({ name: "New Person", email: "new@example.test", password: "quartz-lantern-meadow", ip: "10.0.0.1" }, p.ctx);
    const user = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
    expect(user.emailVerifiedAt).toBeNull();
    expect(await verifyMailJobs()).toEqual([{ kind: "verify-address", userId: user.id }]);
    await signUp({ name: "Again", email: "new@example.test", password: "quartz-lantern-meadow", ip: "10.0.0.1" }, p.ctx);
    expect(await verifyMailJobs()).toHaveLength(1);
  });

  it("lets an unconfirmed account browse but refuses its upload, saying where to get a new link", async () => {
    await p.ctx.db.user.update({ where: { id: seed.memberId }, data: { emailVerifiedAt: null } });
    expect(await getTaskOverview({ slug: seed.slug, viewerId: seed.memberId }, p.ctx)).toMatchObject({ task: { slug: seed.slug } });
    const refused = await failure(submit(seed.memberId));
    expect(refused.code).toBe("ADDRESS_UNCONFIRMED");
    expect(httpStatusFor(refused)).toBe(403);
    expect(refused.message).toMatch(
      /Confirm your address before submitting: follow the link mailed to tariq@zoo\.test\. No mail\? Send a new link/,
    );
    expect(await p.ctx.db.submission.count()).toBe(0);
  });

  it("resends on request, then the link confirms the address once and the upload goes through", async () => {
    expect(await requestAddressConfirmation({ userId: seed.memberId }, p.ctx)).toEqual({ sent: true });
    expect(await verifyMailJobs()).toContainEqual({ kind: "verify-address", userId: seed.memberId });
    const secret = await issueAccountLink(p.ctx.db, seed.memberId, "VERIFY_ADDRESS", p.ctx.now());
    await confirmAddress({ token: secret }, p.ctx);
    expect((await failure(confirmAddress({ token: secret }, p.ctx))).details).toEqual({ reason: "used" });
    expect(await submit(seed.memberId)).toMatchObject({ status: "QUEUED" });
    expect(await requestAddressConfirmation({ userId: seed.memberId }, p.ctx)).toEqual({ sent: false });
  });

  it("refuses an expired link and a reset link", async () => {
    const user = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
    const old = await issueAccountLink(p.ctx.db, user.id, "VERIFY_ADDRESS", new Date(Date.now() - 49 * 3600 * 1000));
    expect((await failure(confirmAddress({ token: old }, p.ctx))).details).toEqual({ reason: "expired" });
    const reset = await issueAccountLink(p.ctx.db, user.id, "PASSWORD_RESET", p.ctx.now());
    expect((await failure(confirmAddress({ token: reset }, p.ctx))).details).toEqual({ reason: "unknown" });
    expect((await p.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).toBeNull();
  });

  it("limits resends to 5 an hour per account", async () => {
    const user = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
    for (let i = 0; i < 5; i++) await requestAddressConfirmation({ userId: user.id }, p.ctx);
    expect((await failure(requestAddressConfirmation({ userId: user.id }, p.ctx))).code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("does not ask anything of accounts when the setting is off", async () => {
    p.ctx.verifyAddresses = false;
    try {
      const user = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "new@example.test" } });
      expect(user.emailVerifiedAt).toBeNull();
      await p.ctx.db.user.update({ where: { id: seed.memberId }, data: { emailVerifiedAt: null } });
      expect(await submit(seed.memberId)).toMatchObject({ status: "QUEUED" });
    } finally {
      p.ctx.verifyAddresses = true;
    }
  });
});
