import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listNotificationSettings, NOTIFICATIONS, setNotification } from "../src/index.ts";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
});
afterAll(async () => {
  await p?.cleanup();
});

describe("notification switches", () => {
  it("lists every kind, grouped, on until switched off; organisers' kinds only for organisers", async () => {
    const participant = await listNotificationSettings({ userId: seed.memberId }, p.ctx);
    expect(participant.map((s) => s.kind)).toEqual(NOTIFICATIONS.filter((n) => !n.organisers).map((n) => n.kind));
    expect(participant.every((s) => s.enabled && s.group && s.label && s.description)).toBe(true);
    const organiser = await listNotificationSettings({ userId: seed.organiserId }, p.ctx);
    expect(organiser.map((s) => s.kind)).toEqual(expect.arrayContaining(["ORGANISER_JOIN_REQUEST", "ORGANISER_SUBMISSION_FAILED"]));
    expect(organiser).toHaveLength(NOTIFICATIONS.length);

    await setNotification({ userId: seed.memberId, kind: "PHASE_CLOSING", enabled: false }, p.ctx);
    await setNotification({ userId: seed.memberId, kind: "PHASE_CLOSING", enabled: false }, p.ctx);
    const after = await listNotificationSettings({ userId: seed.memberId }, p.ctx);
    expect(after.filter((s) => !s.enabled).map((s) => s.kind)).toEqual(["PHASE_CLOSING"]);
    await setNotification({ userId: seed.memberId, kind: "PHASE_CLOSING", enabled: true }, p.ctx);
    expect((await listNotificationSettings({ userId: seed.memberId }, p.ctx)).every((s) => s.enabled)).toBe(true);
  });

  it("refuses an unknown kind, naming the ones it expects", async () => {
    const error = await setNotification({ userId: seed.memberId, kind: "NEWSLETTER" as never, enabled: false }, p.ctx).catch(
      (e: unknown) => e,
    );
    expect(String((error as Error).message)).toContain("Expected one of SUBMISSION_SCORED");
    expect(await p.ctx.db.mutedNotification.count()).toBe(0);
  });
});
