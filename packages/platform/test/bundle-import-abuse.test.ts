// The attacks on the bundle import against real Postgres: zip bombs counted by the bytes they
// really produce (600 × 1 MiB of zeros; one entry that declares 10 bytes and holds 400 MiB), a
// participant's upload refused before it is read, a manifest with 20,000 subtasks, an oversized
// manifest and a billion-laughs manifest, each refused with the reason and nothing stored.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bundleToZip,
  createUser,
  importTaskBundleZip,
  MAX_BUNDLE_UNPACKED_BYTES,
  readBundleDirectory,
  type BundleIssue,
  type TaskBundle,
} from "../src/index.ts";
import { createTestPlatform, type TestPlatform } from "../src/testing/index.ts";
import { deflatedEntry, handMadeZip, zerosDeflated } from "./hand-made-zip.ts";

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/testing/fixtures/bundle-zoo");
let p: TestPlatform;
let organiserId: string;
let participantId: string;

beforeAll(async () => {
  p = await createTestPlatform();
  organiserId = (
    await createUser({ name: "Olga Organiser", email: "olga@bomb.test", password: "organiser-pass-1", role: "ORGANISER" }, p.ctx)
  ).id;
  participantId = (await createUser({ name: "Pat Participant", email: "pat@bomb.test", password: "participant-pass-1" }, p.ctx)).id;
});
afterAll(async () => {
  await p?.cleanup();
});

const importZip = (zip: Uint8Array, userId = organiserId) => importTaskBundleZip({ userId, readZip: async () => zip }, p.ctx);
const nothingStored = async () => {
  expect(await p.ctx.db.task.count()).toBe(0);
  expect(await p.ctx.db.subtask.count()).toBe(0);
  expect(await p.ctx.db.taxonomyVersion.count()).toBe(0);
};
const withManifest = async (edit: (yaml: string) => string): Promise<TaskBundle> => {
  const bundle = await readBundleDirectory(FIXTURE);
  return { ...bundle, manifest: edit(bundle.manifest) };
};
const issuesOf = async (run: Promise<unknown>): Promise<BundleIssue[]> => {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code: "INVALID_INPUT" });
  return (error as { details: { issues: BundleIssue[] } }).details.issues;
};

describe("bundle import attacks", () => {
  it("refuses a participant's upload without reading a byte of it", async () => {
    let read = false;
    const readZip = async () => {
      read = true;
      return new Uint8Array(0);
    };
    await expect(importTaskBundleZip({ userId: participantId, readZip }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(read).toBe(false);
  });

  it("stops 600 × 1 MiB of zeros at the limit, counting the bytes really unpacked", async () => {
    const zeros = zerosDeflated(1);
    const zip = handMadeZip(Array.from({ length: 600 }, (_, i) => ({ name: `zeros/${i}.bin`, ...zeros, declaredSize: 1 << 20 })));
    expect(zip.length).toBeLessThan(1 << 20);
    await expect(importZip(zip)).rejects.toMatchObject({
      code: "FILE_TOO_LARGE",
      message: expect.stringContaining(`at most ${MAX_BUNDLE_UNPACKED_BYTES} bytes unpacked`),
    });
    await nothingStored();
  });

  it("stops an entry that declares 10 bytes but holds 400 MiB, and keeps the thread free meanwhile", async () => {
    const zip = handMadeZip([
      deflatedEntry("task.yaml", new TextEncoder().encode("format: hierboard-task-bundle/1\n")),
      { name: "liar.bin", ...zerosDeflated(400), declaredSize: 10 },
    ]);
    expect(zip.length).toBeLessThan(1 << 20);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await expect(importZip(zip)).rejects.toMatchObject({ code: "FILE_TOO_LARGE", message: expect.stringContaining("liar.bin") });
    clearInterval(timer);
    // The unzip hands the thread back between steps, so timers kept running while it inflated.
    expect(ticks).toBeGreaterThan(1);
    await nothingStored();
  });

  it("refuses more zip entries than a bundle holds", async () => {
    const zip = handMadeZip(Array.from({ length: 1_001 }, (_, i) => deflatedEntry(`f/${i}.txt`, new Uint8Array([65]))));
    await expect(importZip(zip)).rejects.toMatchObject({ code: "INVALID_INPUT", message: expect.stringContaining("at most 1000 files") });
  });

  it("refuses 20,000 subtasks with nothing stored", async () => {
    const subtasks = Array.from(
      { length: 20_000 },
      (_, i) => `  - {key: s${i}, taxonomy: 1, name: S, measuresShown: [hc.f1], primaryMeasure: hc.f1}`,
    ).join("\n");
    const bundle = await withManifest((y) => y.replace(/^subtasks:\n/m, `subtasks:\n${subtasks}\n`));
    const issues = await issuesOf(importZip(bundleToZip(bundle)));
    expect(issues[0]!.message).toMatch(/expected a manifest of at most 1048576 bytes|expected at most 100 subtasks/);
    await nothingStored();
    const compact = await withManifest((y) => y.replace(/^subtasks:\n/m, `subtasks:\n${subtasks.split("\n").slice(0, 101).join("\n")}\n`));
    expect((await issuesOf(importZip(bundleToZip(compact))))[0]).toMatchObject({
      path: "subtasks",
      message: "expected at most 100 subtasks",
    });
    await nothingStored();
  });

  it("answers a billion-laughs manifest with the reason", async () => {
    const laughs = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const next = String.fromCharCode(97 + i);
      laughs.push(`${next}: &${next} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    const bundle = await withManifest((y) => `${laughs.join("\n")}\n${y}`);
    const issues = await issuesOf(importZip(bundleToZip(bundle)));
    expect(issues[0]!.message).toMatch(/^expected a plain YAML document, found .*alias/i);
    await nothingStored();
  });
});
