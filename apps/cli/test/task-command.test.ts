// `pnpm --silent hierboard task …` against a fresh test database: help, importing the platform's
// hand-written fixture bundle (as a directory and as a zip), exporting it again byte for byte, and
// an invalid bundle refused with its YAML paths and nothing stored.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { bundleFromZip, readBundleDirectory, sha256Hex } from "@hierboard/platform";
import { TEST_REDIS_URL } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const execute = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FIXTURE = path.join(REPO_ROOT, "packages/platform/src/testing/fixtures/bundle-zoo");

let database: TestDatabase;
let tmp: string;

async function hierboard(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    HIERBOARD_QUEUE_PREFIX: `hbtask-${randomBytes(4).toString("hex")}`,
    HIERBOARD_DATA_DIR: tmp,
  };
  try {
    const { stdout, stderr } = await execute("pnpm", ["--silent", "hierboard", "task", ...args], {
      cwd: REPO_ROOT,
      env,
      maxBuffer: 16 << 20,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  tmp = await mkdtemp(path.join(tmpdir(), "hierboard-task-cli-"));
});
afterAll(async () => {
  await database?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("hierboard task", () => {
  it("--help describes export and import", async () => {
    const { code, stdout } = await hierboard("--help");
    expect(code).toBe(0);
    expect(stdout).toContain("hierboard task export SLUG OUT_DIR");
    expect(stdout).toContain("hierboard task import DIR [--slug SLUG]");
    expect(stdout).toContain("sha256");
    expect(stdout).toContain("files/N/<file>        each public file (starting kit, licence, …), byte for byte");
  });

  it("imports a bundle directory, and exports it again with the same manifest and hashes, as a directory and as a zip", async () => {
    const imported = await hierboard("import", FIXTURE);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toContain("imported the task zoo-bundle");
    expect(await database.db.phase.count({ where: { task: { slug: "zoo-bundle" } } })).toBe(2);
    expect(await database.db.taskFile.count({ where: { task: { slug: "zoo-bundle" } } })).toBe(3);

    const exported = await hierboard("export", "zoo-bundle", path.join(tmp, "out"));
    expect(exported.code).toBe(0);
    const original = await readBundleDirectory(FIXTURE);
    const again = await readBundleDirectory(path.join(tmp, "out"));
    expect(again.manifest).toBe(original.manifest);
    const hashes = (files: Map<string, Uint8Array>) => Object.fromEntries([...files].map(([f, c]) => [f, sha256Hex(c)]).sort());
    expect(hashes(again.files)).toEqual(hashes(original.files));

    expect((await hierboard("export", "zoo-bundle", path.join(tmp, "zoo.zip"))).code).toBe(0);
    const zipped = await bundleFromZip(new Uint8Array(await readFile(path.join(tmp, "zoo.zip"))), { maxTotalBytes: 1 << 20 });
    expect(zipped.manifest).toBe(original.manifest);
    const fromZip = await hierboard("import", path.join(tmp, "zoo.zip"), "--slug", "zoo-2027");
    expect(fromZip.stdout).toContain("imported the task zoo-2027");
  });

  it("refuses an invalid bundle with every error's YAML path and line, storing nothing", async () => {
    const bad = path.join(tmp, "bad");
    await cp(FIXTURE, bad, { recursive: true });
    const manifest = await readFile(path.join(bad, "task.yaml"), "utf8");
    await writeFile(
      path.join(bad, "task.yaml"),
      manifest
        .replace("slug: zoo-bundle", "slug: zoo-bad")
        .replace("rule: LAST", "rule: FIRST")
        .replace("bootstrap: 100", "bootstrap: lots"),
    );
    const result = await hierboard("import", bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/INVALID_INPUT: The task bundle has 2 problems:/);
    expect(result.stderr).toMatch(/task\.yaml:\d+: subtasks\[0\]\.bootstrap: /);
    expect(result.stderr).toMatch(/task\.yaml:\d+: phases\[0\]\.rule: /);
    expect(await database.db.task.findUnique({ where: { slug: "zoo-bad" } })).toBeNull();
  });

  it("says what it expected when the arguments are wrong", async () => {
    const { code, stderr } = await hierboard("export", "zoo-bundle");
    expect(code).toBe(2);
    expect(stderr).toContain("expected SLUG and OUT_DIR, got 1 argument(s)");
  });
});
