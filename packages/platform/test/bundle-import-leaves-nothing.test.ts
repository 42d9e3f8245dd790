// A refused bundle import leaves no row at all, in any table (docs/security.md): not the task, not
// its taxonomy or subtasks, not a line of the audit log. Every table is counted before and after.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, importTaskBundle, readBundleDirectory, sha256Hex } from "../src/index.ts";
import { MAX_BUNDLE_SUBTASKS } from "../src/bundles/bundle-manifest.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/testing/fixtures/bundle-zoo");

let p: TestPlatform;
let adminId: string;
beforeAll(async () => {
  p = await createTestPlatform();
  adminId = (await createUser({ name: "Ada Admin", email: "ada@atomic.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx)).id;
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

/** Rows per table of the database (Prisma's own migrations table aside). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await p.ctx.db.$queryRaw<{ name: string }[]>`
    SELECT table_name::text AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await p.ctx.db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

describe("a refused bundle import leaves no row in any table", () => {
  it("bad gold in the last phase's last version: INVALID_FILE, every table as before", async () => {
    const bundle = await readBundleDirectory(FIXTURE);
    const goldPaths = [...bundle.files.keys()].filter((f) => f.startsWith("gold/")).sort();
    const last = goldPaths.at(-1)!;
    const bad = new TextEncoder().encode("d1\tUnicorns\n");
    const manifest = bundle.manifest.replace(sha256Hex(bundle.files.get(last)!), sha256Hex(bad));
    bundle.files.set(last, bad);
    const before = await rowCounts();
    await expect(importTaskBundle({ userId: adminId, bundle: { ...bundle, manifest }, slug: "zoo-bad-gold" }, p.ctx)).rejects.toMatchObject(
      {
        code: "INVALID_FILE",
      },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it(`more than ${MAX_BUNDLE_SUBTASKS} subtasks: INVALID_INPUT, every table as before`, async () => {
    const bundle = await readBundleDirectory(FIXTURE);
    const manifestText = await readFile(path.join(FIXTURE, "task.yaml"), "utf8");
    const subtaskBlock = /\nsubtasks:\n((?: {2}- [\s\S]*?))(?=\n\S)/.exec(manifestText)?.[1];
    expect(subtaskBlock, "the fixture's task.yaml has a subtasks list").toBeTruthy();
    const first = subtaskBlock!.split(/\n(?= {2}- )/)[0]!;
    const keyLine = /key: (\S+)/.exec(first)![1]!;
    const many = Array.from({ length: MAX_BUNDLE_SUBTASKS + 1 }, (_, i) => first.replace(`key: ${keyLine}`, `key: s${i}`)).join("\n");
    const manifest = manifestText.replace(subtaskBlock!, many);
    const before = await rowCounts();
    await expect(importTaskBundle({ userId: adminId, bundle: { ...bundle, manifest }, slug: "zoo-many" }, p.ctx)).rejects.toThrow(
      `expected at most ${MAX_BUNDLE_SUBTASKS} subtasks`,
    );
    expect(await rowCounts()).toEqual(before);
  });

  it("a good bundle is stored (the counts do move), so the comparison above can fail", async () => {
    const before = await rowCounts();
    await importTaskBundle({ userId: adminId, bundle: await readBundleDirectory(FIXTURE), slug: "zoo-good" }, p.ctx);
    const after = await rowCounts();
    expect(after.Task).toBe(before.Task! + 1);
    expect(after.AuditLog).toBeGreaterThan(before.AuditLog!);
  });
});
