// `pnpm --silent hierboard task …` against a fresh test database: help, importing the platform's
// hand-written fixture bundle (as a directory and as a zip), exporting it again byte for byte, and
// an invalid bundle refused with its YAML paths and nothing stored.
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { bundleFromZip, readBundleDirectory, sha256Hex } from "@hierboard/platform";
import { describe, expect, it } from "vitest";
import { FIXTURE, taskCli } from "./task-cli-harness.ts";

const { hierboard, tmp, database } = taskCli("task");

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
    expect(await database().db.phase.count({ where: { task: { slug: "zoo-bundle" } } })).toBe(2);
    expect(await database().db.taskFile.count({ where: { task: { slug: "zoo-bundle" } } })).toBe(3);

    const exported = await hierboard("export", "zoo-bundle", path.join(tmp(), "out"));
    expect(exported.code).toBe(0);
    const original = await readBundleDirectory(FIXTURE);
    const again = await readBundleDirectory(path.join(tmp(), "out"));
    expect(again.manifest).toBe(original.manifest);
    const hashes = (files: Map<string, Uint8Array>) => Object.fromEntries([...files].map(([f, c]) => [f, sha256Hex(c)]).sort());
    expect(hashes(again.files)).toEqual(hashes(original.files));

    expect((await hierboard("export", "zoo-bundle", path.join(tmp(), "zoo.zip"))).code).toBe(0);
    const zipped = await bundleFromZip(new Uint8Array(await readFile(path.join(tmp(), "zoo.zip"))), { maxTotalBytes: 1 << 20 });
    expect(zipped.manifest).toBe(original.manifest);
    const fromZip = await hierboard("import", path.join(tmp(), "zoo.zip"), "--slug", "zoo-2027");
    expect(fromZip.stdout).toContain("imported the task zoo-2027");
  });

  it("refuses an invalid bundle with every error's YAML path and line, storing nothing", async () => {
    const bad = path.join(tmp(), "bad");
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
    expect(await database().db.task.findUnique({ where: { slug: "zoo-bad" } })).toBeNull();
  });

  it("says what it expected when the arguments are wrong", async () => {
    const { code, stderr } = await hierboard("export", "zoo-bundle");
    expect(code).toBe(2);
    expect(stderr).toContain("expected SLUG and OUT_DIR, got 1 argument(s)");
  });
});
