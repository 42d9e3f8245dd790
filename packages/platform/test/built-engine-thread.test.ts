import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../src/testing/fixtures.ts";
import { buildEngineThread } from "../src/scoring/engine/build-engine-thread.ts";
import type { EngineTask, EngineTaskResult } from "../src/scoring/engine/engine-tasks.ts";

// The web image's standalone server has neither the package sources nor tsx: the built thread
// must validate uploads on its own. It runs here from a folder with nothing else in it.
let dir: string;
let pool: Piscina;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "hierboard-engine-thread-"));
  await buildEngineThread(path.join(dir, "build", "engine-thread.mjs"));
  copyFileSync(path.join(dir, "build", "engine-thread.mjs"), path.join(dir, "engine-thread.mjs"));
  rmSync(path.join(dir, "build"), { recursive: true });
  pool = new Piscina({ filename: path.join(dir, "engine-thread.mjs"), maxThreads: 1 });
}, 60_000);

afterAll(async () => {
  await pool?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const text = (s: string) => new TextEncoder().encode(s);

function validate(content: Uint8Array): Promise<EngineTaskResult> {
  const task: EngineTask = {
    kind: "validate",
    taxonomy: { hash: "t", fileName: "taxonomy.tsv", maxDepth: null, content: fixture("taxonomy.tsv") },
    gold: { hash: "g", fileName: "gold.tsv", section: undefined, content: fixture("gold.tsv") },
    unknownLabels: "error",
    missingDocuments: "error",
    maxLabelsPerDocument: 1000,
    cafa: false,
    fileName: "run.tsv",
    content,
  };
  return pool.run(task) as Promise<EngineTaskResult>;
}

describe("the built engine thread (packages/platform/dist/engine-thread.mjs)", () => {
  it("starts without tsx or sources and checks a taxonomy", async () => {
    const result = (await pool.run({
      kind: "check-taxonomy",
      fileName: "taxonomy.tsv",
      content: fixture("taxonomy.tsv"),
    })) as EngineTaskResult;
    expect(result.ok && (result.value as { nodeCount: number }).nodeCount).toBeGreaterThan(5);
  });

  it("validates a good submission", async () => {
    const result = await validate(fixture("pred-good.tsv"));
    expect(result.ok).toBe(true);
    expect(result.ok && (result.value as { contentHash: string }).contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a broken one with its line number", async () => {
    const result = await validate(text("d1\tCats\nd2\tNoSuchLabel\nd3\tTrees\nd4\tDogs\nd5\tAnimals\n"));
    expect(result.ok).toBe(false);
    expect(JSON.stringify(!result.ok && "error" in result ? result.error : result)).toMatch(/run\.tsv:2:|"line":2\b/);
  });
});
