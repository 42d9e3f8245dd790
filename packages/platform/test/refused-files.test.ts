// Files that look wrong are refused before anything is stored, with every problem at once: a
// prediction upload, a gold upload and the gold of an imported bundle, against real Postgres.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createUser, importTaskBundle, readBundleDirectory, sha256Hex, uploadGold } from "../src/index.ts";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

const BUNDLE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/testing/fixtures/bundle-zoo");
const bytes = (text: string) => new TextEncoder().encode(text);
let p: TestPlatform;
let seed: SeededTask;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

interface Details {
  issues: { line?: number; code: string; detail: string }[];
  hint?: string;
}

const goldOf = (content: string) =>
  uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey, fileName: "gold.tsv", content: bytes(content) }, p.ctx);
const goldVersions = () => p.ctx.db.goldVersion.count({ where: { phase: { key: seed.phaseKey, task: { slug: seed.slug } } } });

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

describe("prediction uploads", () => {
  it("list every problem with its line, and the delimiter hint, and store nothing", async () => {
    // The seeded gold: d1 Cats, d2 Birds, d3 Trees Flowers, …
    const error = await refusal(submitAsMember(p.ctx, seed, "pred.tsv", bytes("d1\tCats\nd2;Birds\nd3\tUnicorns\nd4;Trees\n")));
    expect(error.code).toBe("INVALID_FILE");
    const details = error.details as Details;
    expect(details.issues.map((i) => [i.line, i.code])).toEqual([
      [2, "WRONG_DELIMITER"],
      [3, "UNKNOWN_LABEL"],
      [4, "WRONG_DELIMITER"],
    ]);
    expect(details.hint).toContain("fields are separated by ';'; expected tabs");
    expect(await p.ctx.db.submission.count()).toBe(0);
  });
});

describe("gold uploads", () => {
  it("refuse a ';'-separated gold file, naming the delimiter, and store nothing", async () => {
    const before = await goldVersions();
    const error = await refusal(goldOf("d1;Cats\nd2;Birds\nd3;Trees;Flowers\n"));
    expect(error.code).toBe("INVALID_FILE");
    expect(error.message).toContain("fields separated by ';'");
    expect((error.details as Details).issues).toHaveLength(3);
    expect(await goldVersions()).toBe(before);
  });

  it("refuse a gold file in which most documents have no label", async () => {
    const before = await goldVersions();
    const error = await refusal(goldOf("d1\tCats\nd2\nd3\n"));
    expect((error.details as Details).issues).toMatchObject([
      { code: "UNLABELLED_GOLD", detail: "expected most gold documents to have a label, got 2 of 3 without any (the first on line 2)" },
    ]);
    expect(await goldVersions()).toBe(before);
  });

  it("say how many documents have no label when they store the gold", async () => {
    expect(await goldOf("d1\tCats\nd2\tBirds\nd3\n")).toMatchObject({ documents: 3, unlabelled: 1 });
    expect(await goldOf("d1\tCats\nd2\tBirds\nd3\tTrees\n")).toMatchObject({ documents: 3, unlabelled: 0 });
  });
});

describe("bundle import", () => {
  it("refuses a bundle whose gold is ';'-separated, naming the delimiter, and leaves no task", async () => {
    const admin = await createUser({ name: "Ada Admin", email: "ada@refused.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx);
    const bundle = await readBundleDirectory(BUNDLE);
    const file = "gold/test/v2/gold.tsv";
    const original = await readFile(path.join(BUNDLE, file), "utf8");
    const semicolons = bytes(original.replaceAll("\t", ";"));
    bundle.files.set(file, semicolons);
    const manifest = bundle.manifest.replace(sha256Hex(bytes(original)), sha256Hex(semicolons));
    const error = await refusal(importTaskBundle({ userId: admin.id, bundle: { ...bundle, manifest }, slug: "zoo-semicolons" }, p.ctx));
    expect(error.code).toBe("INVALID_FILE");
    expect(error.message).toMatch(/^gold\.tsv:1: expected tabs between fields, got fields separated by ';'/);
    expect((error.details as Details).hint).toContain("fields are separated by ';'; expected tabs");
    expect(await p.ctx.db.task.findUnique({ where: { slug: "zoo-semicolons" } })).toBeNull();
  });
});
