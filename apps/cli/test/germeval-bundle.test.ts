// GermEval 2019 Task 1 (from ../shared, never copied) as a task bundle: built from the folder,
// imported into a fresh database and exported again, it gives the same manifest and file hashes.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildTaskBundle, createUser, importTaskBundle, sha256Hex, validateTaskBundle } from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { germevalBundle } from "../src/germeval-bundle.ts";
import { readGermevalFolder } from "../src/import-germeval.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const GERMEVAL_DIR = path.join(process.env.HIERBOARD_SHARED ?? path.join(REPO_ROOT, "../shared"), "data/germeval2019");
const present = existsSync(path.join(GERMEVAL_DIR, "hierarchy.txt"));
if (!present) console.log(`skipped: ${GERMEVAL_DIR} is absent; the GermEval bundle round trip needs ../shared beside the repository`);

describe.runIf(present)("the GermEval 2019 task as a bundle", () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform({ now: new Date("2019-06-01T12:00:00Z") });
  });
  afterAll(async () => p?.cleanup());

  it("round trip: bundle → import into a fresh database → export gives the same manifest and hashes", async () => {
    const folder = await readGermevalFolder(GERMEVAL_DIR);
    const bundle = germevalBundle(folder, { slug: "germeval-2019", title: "GermEval 2019 Task 1", now: p.ctx.now() });
    const manifest = validateTaskBundle(bundle);
    expect(manifest.subtasks.map((s) => [s.key, s.maxDepth, s.section, s.primaryMeasure])).toEqual([
      ["a", 1, "a", "flat.micro.f1"],
      ["b", null, "b", "flat.micro.f1"],
    ]);
    expect(manifest.phases[0]).toMatchObject({ startsAt: "2019-06-01T11:59:00.000Z", endsAt: "2019-06-01T13:00:00.000Z" });
    const admin = await createUser({ name: "Ada", email: "ada@germeval.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx);
    await importTaskBundle({ userId: admin.id, bundle }, p.ctx);
    const exported = await buildTaskBundle({ userId: admin.id, slug: "germeval-2019" }, p.ctx);
    expect(exported.manifest).toBe(bundle.manifest);
    const hashes = (files: Map<string, Uint8Array>) => Object.fromEntries([...files].map(([f, c]) => [f, sha256Hex(c)]).sort());
    expect(hashes(exported.files)).toEqual(hashes(bundle.files));
    expect(hashes(exported.files)["taxonomy/v1/hierarchy.txt"]).toBe(sha256Hex(folder.taxonomy));
  });
});
