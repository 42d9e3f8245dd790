// Task lifecycle (draft → published → archived, the secret preview link, publish checks) and the
// admin's side of hosting rights (requests to host, roles, disabled accounts and ended sessions).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  authenticateApiToken,
  createApiToken,
  createPhase,
  createSubmission,
  createSubtask,
  createTask,
  createTeam,
  createUser,
  decideHostRequest,
  getLeaderboard,
  getSessionUser,
  getTaskConsole,
  getTaskOverview,
  listAuditLog,
  listPublicTasks,
  listUsers,
  requestToHost,
  setTaskStatus,
  setUserDisabled,
  uploadGold,
  uploadTaxonomy,
  verifyCredentials,
} from "../src/index.ts";
import { createTestPlatform, fixture, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let organiserId: string;
let participantId: string;
let adminId: string;
beforeAll(async () => {
  p = await createTestPlatform();
  organiserId = (
    await createUser(
      { name: "Olga Organiser", email: "olga@life.test", password: "quiet-harbour-lantern-organiser", role: "ORGANISER" },
      p.ctx,
    )
  ).id;
  participantId = (
    await createUser({ name: "Paula Participant", email: "paula@life.test", password: "violet-compass-meadow-participant" }, p.ctx)
  ).id;
  adminId = (await createUser({ name: "Ada Admin", email: "ada@life.test", password: "amber-glacier-whistle-admin", role: "ADMIN" }, p.ctx))
    .id;
});
afterAll(async () => {
  await p?.cleanup();
});

describe("task lifecycle", () => {
  const slug = "draft-zoo";

  it("creates a draft that only organisers and the preview link see", async () => {
    await createTask({ userId: organiserId, slug, title: "Draft zoo", description: "Not yet." }, p.ctx);
    expect((await listPublicTasks(p.ctx)).map((t) => t.slug)).not.toContain(slug);
    expect(await getTaskOverview({ slug, viewerId: null }, p.ctx)).toBeNull();
    expect(await getTaskOverview({ slug, viewerId: participantId }, p.ctx)).toBeNull();
    expect(await getTaskOverview({ slug, viewerId: null, previewToken: "wrong-token" }, p.ctx)).toBeNull();
    const console = await getTaskConsole({ slug, userId: organiserId }, p.ctx);
    expect(console?.task.status).toBe("DRAFT");
    expect(console?.task.previewToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const preview = await getTaskOverview({ slug, viewerId: null, previewToken: console!.task.previewToken }, p.ctx);
    expect(preview?.task).toMatchObject({ slug, status: "DRAFT" });
    expect((await getTaskOverview({ slug, viewerId: organiserId }, p.ctx))?.viewer.isOrganiser).toBe(true);
  });

  it("refuses teams in a draft", async () => {
    await expect(createTeam({ userId: participantId, slug, name: "Early birds" }, p.ctx)).rejects.toMatchObject({
      code: "TASK_NOT_OPEN",
      message: expect.stringContaining("is a draft"),
    });
  });

  it("refuses to publish and names everything missing, then publishes once it is complete", async () => {
    const refused = await setTaskStatus({ userId: organiserId, slug, status: "PUBLISHED" }, p.ctx).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "NOT_READY",
      details: { missing: [expect.stringContaining("taxonomy"), expect.stringContaining("subtask"), expect.stringContaining("phase")] },
    });
    const taxonomy = await uploadTaxonomy({ userId: organiserId, slug, fileName: "taxonomy.tsv", content: fixture("taxonomy.tsv") }, p.ctx);
    await createSubtask(
      {
        userId: organiserId,
        slug,
        key: "full",
        name: "Full",
        taxonomyVersionId: taxonomy.id,
        measuresShown: ["hc.f1"],
        primaryMeasure: "hc.f1",
      },
      p.ctx,
    );
    const now = p.ctx.now().getTime();
    await createPhase(
      { userId: organiserId, slug, key: "test", name: "Test", startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 86_400_000) },
      p.ctx,
    );
    const stillRefused = await setTaskStatus({ userId: organiserId, slug, status: "PUBLISHED" }, p.ctx).catch((e: unknown) => e);
    expect(stillRefused).toMatchObject({ code: "NOT_READY", details: { missing: ['gold labels for the phase "Test"'] } });
    expect((await getTaskConsole({ slug, userId: organiserId }, p.ctx))?.missingForPublish).toEqual(['gold labels for the phase "Test"']);
    await uploadGold({ userId: organiserId, slug, phaseKey: "test", fileName: "gold.tsv", content: fixture("gold.tsv") }, p.ctx);
    await expect(setTaskStatus({ userId: participantId, slug, status: "PUBLISHED" }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await setTaskStatus({ userId: organiserId, slug, status: "PUBLISHED" }, p.ctx)).toEqual({ status: "PUBLISHED" });
    expect((await listPublicTasks(p.ctx)).map((t) => t.slug)).toContain(slug);
    expect((await getTaskOverview({ slug, viewerId: null }, p.ctx))?.task.status).toBe("PUBLISHED");
    const log = await listAuditLog({ slug, userId: organiserId }, p.ctx);
    expect(log.map((e) => e.action)).toContain("task.set-status");
  });

  it("archives: still readable, off the home page, no new teams or submissions", async () => {
    await createTeam({ userId: participantId, slug, name: "On time" }, p.ctx);
    await setTaskStatus({ userId: organiserId, slug, status: "ARCHIVED" }, p.ctx);
    expect((await listPublicTasks(p.ctx)).map((t) => t.slug)).not.toContain(slug);
    expect(await getTaskOverview({ slug, viewerId: null }, p.ctx)).not.toBeNull();
    await expect(getLeaderboard({ slug, phaseKey: "test", subtaskKey: "full", viewerId: null }, p.ctx)).resolves.toMatchObject({
      rows: [],
    });
    await expect(
      createSubmission(
        { userId: participantId, slug, subtaskKey: "full", phaseKey: "test", fileName: "p.tsv", content: fixture("pred-good.tsv") },
        p.ctx,
      ),
    ).rejects.toMatchObject({ code: "TASK_NOT_OPEN", message: expect.stringContaining("archived") });
  });

  it("hides a draft's board from the API unless the preview secret is sent", async () => {
    await setTaskStatus({ userId: organiserId, slug, status: "DRAFT" }, p.ctx);
    await expect(getLeaderboard({ slug, phaseKey: "test", subtaskKey: "full", viewerId: null }, p.ctx)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const token = (await getTaskConsole({ slug, userId: organiserId }, p.ctx))!.task.previewToken;
    await expect(
      getLeaderboard({ slug, phaseKey: "test", subtaskKey: "full", viewerId: null, previewToken: token }, p.ctx),
    ).resolves.toMatchObject({ rows: [] });
  });
});

describe("hosting rights and accounts", () => {
  it("lets a participant ask to host once, and an admin approve it", async () => {
    await expect(createTask({ userId: participantId, slug: "mine", title: "Mine", description: "" }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(requestToHost({ userId: participantId, message: "short" }, p.ctx)).rejects.toThrow(/which task/);
    const request = await requestToHost({ userId: participantId, message: "I run the GermEval 2027 task on blurbs." }, p.ctx);
    await expect(requestToHost({ userId: participantId, message: "Please, again and again." }, p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(listUsers({ actorId: organiserId }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const users = await listUsers({ actorId: adminId }, p.ctx);
    expect(users[0]).toMatchObject({ id: participantId, role: "PARTICIPANT", hostRequest: { id: request.id } });
    await expect(decideHostRequest({ actorId: organiserId, requestId: request.id, approve: true }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await decideHostRequest({ actorId: adminId, requestId: request.id, approve: true }, p.ctx);
    await expect(decideHostRequest({ actorId: adminId, requestId: request.id, approve: false }, p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const after = (await listUsers({ actorId: adminId }, p.ctx)).find((u) => u.id === participantId);
    expect(after).toMatchObject({ role: "ORGANISER", hostRequest: null });
    await expect(createTask({ userId: participantId, slug: "mine", title: "Mine", description: "" }, p.ctx)).resolves.toMatchObject({
      slug: "mine",
    });
  });

  it("disabling an account ends its sessions, its sign-in and its API tokens", async () => {
    const user = await createUser({ name: "Dora Disabled", email: "dora@life.test", password: "dora-lilac-tundra-beacon" }, p.ctx);
    const token = await createApiToken({ userId: user.id, name: "script" }, p.ctx);
    expect(await getSessionUser({ userId: user.id, sessionVersion: user.sessionVersion }, p.ctx)).toMatchObject({ id: user.id });
    await expect(setUserDisabled({ actorId: adminId, userId: adminId, disabled: true }, p.ctx)).rejects.toMatchObject({ code: "CONFLICT" });
    await setUserDisabled({ actorId: adminId, userId: user.id, disabled: true }, p.ctx);
    expect(await getSessionUser({ userId: user.id, sessionVersion: user.sessionVersion }, p.ctx)).toBeNull();
    expect(await verifyCredentials({ email: "dora@life.test", password: "dora-lilac-tundra-beacon" }, p.ctx)).toBeNull();
    expect(await authenticateApiToken(token.token, p.ctx)).toBeNull();
    await setUserDisabled({ actorId: adminId, userId: user.id, disabled: false }, p.ctx);
    // The old session stays ended; a fresh sign-in carries the new version.
    expect(await getSessionUser({ userId: user.id, sessionVersion: user.sessionVersion }, p.ctx)).toBeNull();
    const again = await verifyCredentials({ email: "dora@life.test", password: "dora-lilac-tundra-beacon" }, p.ctx);
    expect(again?.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await getSessionUser({ userId: user.id, sessionVersion: again!.sessionVersion }, p.ctx)).toMatchObject({ id: user.id });
  });
});
