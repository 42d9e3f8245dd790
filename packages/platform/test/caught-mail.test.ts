// /admin/mail's reads: admins only, newest first, the text part only, and only file names the
// catcher writes (no paths out of the mail folder).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppError, createUser, listCaughtMail, readCaughtMail } from "../src/index.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let mailDir: string;
let adminId: string;
let participantId: string;

function eml(subject: string, text: string, html: string): string {
  return [
    "From: HierBoard <board@example.org>",
    "To: ada@example.test",
    `Subject: ${subject}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/alternative; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "--b",
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
    "--b--",
    "",
  ].join("\r\n");
}

beforeAll(async () => {
  p = await createTestPlatform();
  mailDir = await mkdtemp(path.join(tmpdir(), "hb-caught-"));
  adminId = (await createUser({ name: "Admin", email: "admin@example.test", password: "quartz-lantern-meadow", role: "ADMIN" }, p.ctx)).id;
  participantId = (await createUser({ name: "Pat", email: "pat@example.test", password: "quartz-lantern-meadow" }, p.ctx)).id;
  await writeFile(path.join(mailDir, "2026-11-26T10-00-00-000Z-0000000a.eml"), eml("First", "older", "<p>older</p>"));
  await writeFile(
    path.join(mailDir, "2026-11-26T11-00-00-000Z-0000000b.eml"),
    eml("Second", "Hello <script>alert(1)</script>", "<p>Hello</p><img src=https://tracker.example/x.png>"),
  );
  await writeFile(path.join(mailDir, "notes.txt"), "not a message");
});
afterAll(async () => {
  await p?.cleanup();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe("caught mail", () => {
  it("lists the catcher's messages newest first, for admins", async () => {
    const list = await listCaughtMail({ actorId: adminId, mailDir }, p.ctx);
    expect(list.map((m) => [m.subject, m.to])).toEqual([
      ["Second", "ada@example.test"],
      ["First", "ada@example.test"],
    ]);
  });

  it("reads one message's text part only, as text", async () => {
    const mail = await readCaughtMail({ actorId: adminId, mailDir, name: "2026-11-26T11-00-00-000Z-0000000b.eml" }, p.ctx);
    expect(mail.text.trim()).toBe("Hello <script>alert(1)</script>");
    expect(JSON.stringify(mail)).not.toContain("tracker.example");
  });

  it("refuses participants, paths and unknown names", async () => {
    const refused = await listCaughtMail({ actorId: participantId, mailDir }, p.ctx).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe("FORBIDDEN");
    for (const name of ["../../etc/passwd", "notes.txt", "2026-11-26T12-00-00-000Z-0000000c.eml"]) {
      const error = await readCaughtMail({ actorId: adminId, mailDir, name }, p.ctx).catch((e: unknown) => e);
      expect((error as AppError).code, name).toBe("NOT_FOUND");
    }
  });

  it("is an empty list when nothing was caught yet", async () => {
    expect(await listCaughtMail({ actorId: adminId, mailDir: path.join(mailDir, "absent") }, p.ctx)).toEqual([]);
  });
});
