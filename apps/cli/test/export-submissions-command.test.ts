// `pnpm --silent hierboard task export-submissions …` against a fresh test database: the platform's
// fixture bundle imported, then exported as a submissions zip whose hashes.json names the bundle's
// gold files; an unknown task and a missing argument refused with their reason.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { FIXTURE, taskCli } from "./task-cli-harness.ts";

const { hierboard, tmp } = taskCli("exp");

describe("hierboard task export-submissions", () => {
  it("writes the task's submissions zip into DIR, with the gold hashes of the task", async () => {
    const imported = await hierboard("import", FIXTURE);
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    const out = path.join(tmp(), "out");
    const { code, stdout } = await hierboard("export-submissions", "zoo-bundle", out);
    expect(code).toBe(0);
    expect(stdout).toContain(`exported 0 submission(s) of zoo-bundle to ${path.join(out, "zoo-bundle-submissions.zip")}`);
    const files = unzipSync(new Uint8Array(await readFile(path.join(out, "zoo-bundle-submissions.zip"))));
    expect(strFromU8(files["scores.csv"] as Uint8Array).split("\n")[0]).toMatch(/^submission_id,phase,subtask,team,/);
    const manifest = await readFile(path.join(FIXTURE, "task.yaml"), "utf8");
    const hashes = JSON.parse(strFromU8(files["hashes.json"] as Uint8Array)) as { golds: { sha256: string }[] };
    expect(hashes.golds.length).toBeGreaterThan(0);
    for (const gold of hashes.golds) expect(manifest).toContain(gold.sha256);
  });

  it("names an unknown task, and a missing DIR", async () => {
    const unknown = await hierboard("export-submissions", "nope", path.join(tmp(), "x"));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('NOT_FOUND: No task "nope".');
    const missing = await hierboard("export-submissions", "zoo-bundle");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("expected SLUG and DIR, got 1 argument(s)");
  });
});
