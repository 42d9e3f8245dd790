import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_SERVER_URL } from "../testing/test-database.ts";
import { checkDrift } from "./check-drift.ts";
import { schemaPath } from "./paths.ts";

describe("checkDrift", () => {
  it("finds the committed schema and migrations in agreement", async () => {
    expect(await checkDrift({ databaseUrl: TEST_SERVER_URL })).toEqual({ inSync: true, sql: "" });
  });

  it("reports the missing SQL when the schema has moved on", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "hb-drift-"));
    try {
      const schema = (await readFile(schemaPath, "utf8"))
        .replace('output       = "../packages/db/src/generated/prisma"', 'output = "./unused"')
        .replace("model Submission {\n", "model Submission {\n  driftProbe Int?\n");
      const changed = path.join(dir, "schema.prisma");
      await writeFile(changed, schema);
      const result = await checkDrift({ databaseUrl: TEST_SERVER_URL, schema: changed });
      expect(result.inSync).toBe(false);
      expect(result.sql).toContain('ALTER TABLE "Submission" ADD COLUMN     "driftProbe" INTEGER;');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
