// Organiser-attached public task files against real Postgres: only organisers attach, replace and
// remove; names are checked and sizes limited, with nothing stored when a file is refused; every
// change is in the task's audit log; removal needs the hash the organiser confirmed; and a draft's
// files are served only to those who may see the draft.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attachTaskFile,
  createUser,
  downloadTaskFile,
  getTaskConsole,
  listAuditLog,
  listTaskFiles,
  MAX_TASK_FILES,
  removeTaskFile,
  replaceTaskFile,
  setTaskStatus,
  sha256Hex,
} from "../src/index.ts";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

const LIMIT = 4096;
let p: TestPlatform;
let seed: SeededTask;
let adminId: string;
const bytes = (text: string) => new TextEncoder().encode(text);
const stored = () => p.ctx.db.taskFile.count();
const audited = () => p.ctx.db.auditLog.count({ where: { action: { startsWith: "taskFile." } } });

beforeAll(async () => {
  p = await createTestPlatform({ maxUploadBytes: LIMIT });
  seed = await seedTask(p.ctx, { slug: "zoo-files" });
  adminId = (await createUser({ name: "Ada Admin", email: "ada@files.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx)).id;
});
afterAll(async () => {
  await p?.cleanup();
});

describe("attaching", () => {
  it("stores any bytes with name, kind, size, sha256 and phase, listed for the Data tab (starting kits first)", async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0xfe, 0x80]);
    const kit = await attachTaskFile(
      { userId: seed.organiserId, slug: seed.slug, fileName: "starting-kit.zip", name: "Starting kit", kind: "STARTING_KIT", content: zip },
      p.ctx,
    );
    const licence = await attachTaskFile(
      { userId: seed.organiserId, slug: seed.slug, fileName: "LICENCE.txt", kind: "LICENCE", content: bytes("CC BY 4.0\n") },
      p.ctx,
    );
    const data = await attachTaskFile(
      {
        userId: adminId,
        slug: seed.slug,
        fileName: "Daten.md",
        name: "Test data",
        kind: "DATA",
        phaseKey: "test",
        content: bytes("# d1–d5\n"),
      },
      p.ctx,
    );
    expect(kit).toMatchObject({ name: "Starting kit", kind: "STARTING_KIT", sizeBytes: 8, sha256: sha256Hex(zip), phase: null });
    expect(licence.name).toBe("LICENCE.txt");
    expect(data.phase).toEqual({ key: "test", name: "Test" });
    const row = await p.ctx.db.taskFile.findUniqueOrThrow({ where: { id: kit.id } });
    expect([...row.content]).toEqual([...zip]);
    const listed = await listTaskFiles({ slug: seed.slug, viewerId: null }, p.ctx);
    expect(listed?.map((f) => [f.kind, f.fileName])).toEqual([
      ["STARTING_KIT", "starting-kit.zip"],
      ["DATA", "Daten.md"],
      ["LICENCE", "LICENCE.txt"],
    ]);
    expect((await getTaskConsole({ slug: seed.slug, userId: seed.organiserId }, p.ctx))?.files).toEqual(listed);
  });

  it("is for the task's organisers (and admins) only", async () => {
    const before = await stored();
    for (const userId of [seed.memberId, seed.outsiderId]) {
      await expect(attachTaskFile({ userId, slug: seed.slug, fileName: "evil.zip", content: bytes("x") }, p.ctx)).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
    await expect(
      attachTaskFile({ userId: "no-such-user", slug: seed.slug, fileName: "evil.zip", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    const other = await seedTask(p.ctx, { slug: "other-task" });
    await expect(
      attachTaskFile({ userId: other.organiserId, slug: seed.slug, fileName: "evil.zip", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await stored()).toBe(before);
  });

  it("refuses hostile names, an empty file and one over the upload limit, storing and auditing nothing", async () => {
    const [before, auditsBefore] = [await stored(), await audited()];
    const attach = (fileName: string, content = bytes("x"), name?: string) =>
      attachTaskFile({ userId: seed.organiserId, slug: seed.slug, fileName, name, content }, p.ctx);
    await expect(attach("../../etc/passwd")).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "PATH" } });
    await expect(attach(".env")).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "HIDDEN" } });
    await expect(attach("kit.zip\r\nX-Evil: 1")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("U+000D"),
    });
    await expect(attach("report\u202Efdp.exe")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: 'File name "report\\u{202E}fdp.exe": expected no invisible formatting characters (they can disguise a name), found U+202E.',
    });
    await expect(attach("kit.zip", bytes("x"), "Kit\u200B")).rejects.toMatchObject({ details: { field: "name" } });
    await expect(attach("empty.txt", new Uint8Array())).rejects.toMatchObject({
      code: "INVALID_FILE",
      message: "empty.txt: the file is empty.",
    });
    await expect(attach("big.bin", new Uint8Array(LIMIT + 1))).rejects.toMatchObject({
      code: "FILE_TOO_LARGE",
      details: { sizeBytes: LIMIT + 1, maxBytes: LIMIT },
    });
    await expect(attach("notes.txt", bytes("x")).then(() => "stored")).resolves.toBe("stored");
    await expect(
      attachTaskFile({ userId: seed.organiserId, slug: seed.slug, fileName: "x.txt", phaseKey: "nope", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await stored()).toBe(before + 1);
    expect(await audited()).toBe(auditsBefore + 1);
    expect(await p.ctx.db.taskFile.findFirst({ where: { fileName: { contains: "passwd" } } })).toBeNull();
  });

  it("keeps download names unique in any letter case, and the count under the limit", async () => {
    await expect(
      attachTaskFile({ userId: seed.organiserId, slug: seed.slug, fileName: "licence.TXT", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("LICENCE.txt") });
    // `_` and `%` are no wildcards: none of these is another's twin.
    for (const fileName of ["notes.txt", "note_.txt", "notes_txt", "%.txt"])
      await attachTaskFile({ userId: adminId, slug: "other-task", fileName, content: bytes(fileName) }, p.ctx);
    expect(await p.ctx.db.taskFile.count({ where: { task: { slug: "other-task" } } })).toBe(4);
    const crowded = await seedTask(p.ctx, { slug: "crowded" });
    for (let i = 0; i < MAX_TASK_FILES; i++)
      await attachTaskFile({ userId: crowded.organiserId, slug: crowded.slug, fileName: `f${i}.txt`, content: bytes(`${i}`) }, p.ctx);
    await expect(
      attachTaskFile({ userId: crowded.organiserId, slug: crowded.slug, fileName: "one-more.txt", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`at most ${MAX_TASK_FILES}`) });
    expect(await p.ctx.db.taskFile.count({ where: { task: { slug: "crowded" } } })).toBe(MAX_TASK_FILES);
  });
});

describe("replacing and removing", () => {
  const kitOf = async () => p.ctx.db.taskFile.findFirstOrThrow({ where: { task: { slug: seed.slug }, kind: "STARTING_KIT" } });

  it("replaces the bytes and download name in place, keeping name, kind and phase; audited with both hashes", async () => {
    const old = await kitOf();
    const replaced = await replaceTaskFile(
      { userId: seed.organiserId, slug: seed.slug, fileId: old.id, fileName: "starting-kit-v2.zip", content: bytes("v2") },
      p.ctx,
    );
    expect(replaced).toMatchObject({
      id: old.id,
      name: "Starting kit",
      kind: "STARTING_KIT",
      fileName: "starting-kit-v2.zip",
      sha256: sha256Hex("v2"),
    });
    await expect(
      replaceTaskFile({ userId: seed.memberId, slug: seed.slug, fileId: old.id, fileName: "x.zip", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      replaceTaskFile({ userId: seed.organiserId, slug: seed.slug, fileId: old.id, fileName: "LICENCE.txt", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      replaceTaskFile({ userId: seed.organiserId, slug: seed.slug, fileId: old.id, fileName: "kit/../x.zip", content: bytes("x") }, p.ctx),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect((await kitOf()).contentHash).toBe(sha256Hex("v2"));
    const [entry] = await listAuditLog({ userId: seed.organiserId, slug: seed.slug, limit: 1 }, p.ctx);
    expect(entry).toMatchObject({ action: "taskFile.replace", targetName: seed.slug, actorName: "Olga Organiser" });
    expect(entry?.readable.changes).toEqual(
      expect.arrayContaining([
        { field: "fileName", before: "starting-kit.zip", after: "starting-kit-v2.zip" },
        { field: "sha256", before: old.contentHash, after: sha256Hex("v2") },
      ]),
    );
  });

  it("removes only with the sha256 the organiser confirmed, and says what was removed in the audit log", async () => {
    const kit = await kitOf();
    await expect(
      removeTaskFile({ userId: seed.memberId, slug: seed.slug, fileId: kit.id, confirmSha256: kit.contentHash }, p.ctx),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      removeTaskFile({ userId: seed.organiserId, slug: seed.slug, fileId: kit.id, confirmSha256: sha256Hex("the old bytes") }, p.ctx),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("was replaced since you confirmed") });
    expect(await p.ctx.db.taskFile.findUnique({ where: { id: kit.id } })).not.toBeNull();
    await expect(
      removeTaskFile({ userId: seed.organiserId, slug: seed.slug, fileId: kit.id, confirmSha256: kit.contentHash }, p.ctx),
    ).resolves.toEqual({ fileName: "starting-kit-v2.zip", name: "Starting kit" });
    expect(await p.ctx.db.taskFile.findUnique({ where: { id: kit.id } })).toBeNull();
    await expect(
      removeTaskFile({ userId: seed.organiserId, slug: seed.slug, fileId: kit.id, confirmSha256: kit.contentHash }, p.ctx),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const log = await listAuditLog({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(log.map((e) => e.action).filter((a) => a.startsWith("taskFile."))).toEqual([
      "taskFile.remove",
      "taskFile.replace",
      "taskFile.attach",
      "taskFile.attach",
      "taskFile.attach",
      "taskFile.attach",
    ]);
    expect(log[0]?.readable.changes).toEqual(
      expect.arrayContaining([
        { field: "fileName", before: "starting-kit-v2.zip" },
        { field: "sha256", before: kit.contentHash },
      ]),
    );
  });
});

describe("who can read the files", () => {
  it("serves a published task's files to anyone, byte for byte, and never another task's file under this slug", async () => {
    const licence = (await listTaskFiles({ slug: seed.slug, viewerId: null }, p.ctx))!.find((f) => f.kind === "LICENCE")!;
    const file = await downloadTaskFile({ slug: seed.slug, fileId: licence.id, viewerId: null }, p.ctx);
    expect(new TextDecoder().decode(file.content)).toBe("CC BY 4.0\n");
    expect(file).toMatchObject({ fileName: "LICENCE.txt", sha256: sha256Hex("CC BY 4.0\n"), sizeBytes: 10 });
    await expect(downloadTaskFile({ slug: "crowded", fileId: licence.id, viewerId: null }, p.ctx)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("hides a draft's files from the public and participants, but not from organisers or the preview link", async () => {
    await setTaskStatus({ userId: seed.organiserId, slug: seed.slug, status: "DRAFT" }, p.ctx);
    const { previewToken } = await p.ctx.db.task.findUniqueOrThrow({ where: { slug: seed.slug } });
    const licence = await p.ctx.db.taskFile.findFirstOrThrow({ where: { task: { slug: seed.slug }, kind: "LICENCE" } });
    for (const viewerId of [null, seed.memberId, seed.outsiderId]) {
      expect(await listTaskFiles({ slug: seed.slug, viewerId }, p.ctx)).toBeNull();
      await expect(downloadTaskFile({ slug: seed.slug, fileId: licence.id, viewerId }, p.ctx)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: `No such file in ${seed.slug}.`,
      });
    }
    await expect(
      downloadTaskFile({ slug: seed.slug, fileId: licence.id, viewerId: null, previewToken: "guessed" }, p.ctx),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await downloadTaskFile({ slug: seed.slug, fileId: licence.id, viewerId: null, previewToken }, p.ctx)).fileName).toBe(
      "LICENCE.txt",
    );
    expect(await listTaskFiles({ slug: seed.slug, viewerId: seed.organiserId }, p.ctx)).toHaveLength(3);
    expect(await listTaskFiles({ slug: seed.slug, viewerId: adminId }, p.ctx)).toHaveLength(3);
  });
});
