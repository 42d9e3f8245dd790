// The GermEval 2019 import's Data & format tab: the sample submission of subtasks A and B, in every
// format each accepts (GermEval two-section files included), passes validation and scores.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createUser } from "@hierboard/platform";
import { checkSampleSubmissions, createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGermeval, readGermevalFolder } from "../src/import-germeval.ts";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const GERMEVAL_DIR = path.join(process.env.HIERBOARD_SHARED ?? path.join(REPO_ROOT, "../shared"), "data/germeval2019");
const present = existsSync(path.join(GERMEVAL_DIR, "hierarchy.txt"));
if (!present) console.log(`skipped: ${GERMEVAL_DIR} is absent; the GermEval sample test needs ../shared beside the repository`);

(present ? describe : describe.skip)("GermEval 2019 import: sample submissions", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await createTestPlatform();
    const organiser = await createUser(
      {
        name: "GermEval organiser",
        email: "organiser@germeval-sample.test",
        password: "quiet-harbour-lantern-organiser",
        role: "ORGANISER",
      },
      platform.ctx,
    );
    const folder = await readGermevalFolder(GERMEVAL_DIR);
    // The task, subtasks, phase and gold as the import makes them; the participants' runs are not needed.
    await importGermeval(platform.ctx, {
      folder: { ...folder, submissions: [] },
      organiserId: organiser.id,
      slug: "germeval-2019",
      title: "GermEval 2019",
      log: () => {},
    });
    // The import closes its historical phase; submit just before its end.
    const phase = await platform.ctx.db.phase.findFirstOrThrow({ where: { task: { slug: "germeval-2019" } } });
    platform.setNow(new Date(phase.endsAt.getTime() - 1000));
  });
  afterAll(async () => platform?.cleanup());

  it("subtasks A and B: every sample is accepted without warnings and scores", async () => {
    const checks = await checkSampleSubmissions(platform.ctx, "germeval-2019");
    expect(checks.map((c) => `${c.subtaskKey}:${c.format}`).sort()).toEqual(
      ["a", "b"].flatMap((s) => ["germeval", "jsonl-labels", "jsonl-paths", "jsonl-scores", "tsv"].map((f) => `${s}:${f}`)),
    );
    for (const check of checks) {
      expect(check.warnings, check.fileName).toEqual([]);
      expect(check.documents, check.fileName).toBe(4157);
      expect(check.goldDocuments).toBe(4157);
      expect(check.primaryValue, check.fileName).toBeTypeOf("number");
      expect(check.undefinedShown, check.fileName).toEqual([]);
    }
  });
});
