// Task bundles against real Postgres: the hand-written fixture bundle and a seeded task make the
// round trip export → import into a fresh database → export with the same manifest and hashes (as
// a directory and as a zip), public task files included; invalid manifests report every error with its YAML path and line; and
// the attacks on a bundle (wrong hashes, unlisted files, path escapes, symbolic links, zip bombs,
// files that fail validation halfway through the import) are refused with nothing left stored.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile, cp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attachTaskFile,
  buildTaskBundle,
  bundleFromZip,
  bundleToZip,
  createUser,
  importTaskBundle,
  readBundleDirectory,
  sha256Hex,
  validateTaskBundle,
  writeBundleDirectory,
  type BundleIssue,
  type TaskBundle,
} from "../src/index.ts";
import { createTestPlatform, seedTask, type TestPlatform } from "../src/testing/index.ts";

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/testing/fixtures/bundle-zoo");
let source: TestPlatform;
let fresh: TestPlatform;
let tmp: string;
const admins = new Map<TestPlatform, string>();

async function admin(p: TestPlatform): Promise<string> {
  if (!admins.has(p))
    admins.set(p, (await createUser({ name: "Ada Admin", email: "ada@bundle.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx)).id);
  return admins.get(p)!;
}

const hashes = (b: TaskBundle) => Object.fromEntries([...b.files].map(([f, c]) => [f, sha256Hex(c)]).sort());
const issuesOf = async (run: () => unknown): Promise<BundleIssue[]> => {
  try {
    await run();
  } catch (error) {
    expect(error).toMatchObject({ code: "INVALID_INPUT" });
    return (error as { details: { issues: BundleIssue[] } }).details.issues;
  }
  throw new Error("expected the bundle to be refused");
};

beforeAll(async () => {
  [source, fresh] = await Promise.all([createTestPlatform(), createTestPlatform()]);
  tmp = await mkdtemp(path.join(tmpdir(), "hierboard-bundles-"));
});
afterAll(async () => {
  await Promise.all([source?.cleanup(), fresh?.cleanup()]);
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("bundle round trip", () => {
  it("the fixture bundle imports, and exports again byte for byte (manifest and every file hash)", async () => {
    const original = await readBundleDirectory(FIXTURE);
    const task = await importTaskBundle({ userId: await admin(source), bundle: original }, source.ctx);
    expect(task.slug).toBe("zoo-bundle");
    const phases = await source.ctx.db.phase.findMany({ where: { taskId: task.id }, orderBy: { key: "asc" }, include: { golds: true } });
    expect(phases.map((p) => [p.key, p.visibility, p.dailyLimit, p.totalLimit, p.rule, p.endsAt.toISOString(), p.golds.length])).toEqual([
      ["dev", "PUBLIC", 5, null, "LAST", "2026-02-01T00:00:00.000Z", 1],
      ["test", "PRIVATE", 1, 3, "BEST", "2026-02-15T12:00:00.000Z", 2],
    ]);
    const top = await source.ctx.db.subtask.findFirstOrThrow({
      where: { taskId: task.id, key: "top" },
      include: { taxonomyVersion: true },
    });
    expect([top.taxonomyVersion.version, top.maxDepth, top.unknownLabels, top.missingDocuments]).toEqual([1, 3, "drop", "error"]);
    const files = await source.ctx.db.taskFile.findMany({
      where: { taskId: task.id },
      include: { phase: true },
      orderBy: { fileName: "asc" },
    });
    expect(files.map((f) => [f.fileName, f.name, f.kind, f.phase?.key ?? null, f.sizeBytes])).toEqual([
      ["Daten-Übersicht.md", "Data description (German)", "DATA", "dev", 130],
      ["LICENCE.txt", "Licence (CC0 1.0)", "LICENCE", null, 145],
      ["starting-kit.zip", "Starting kit", "STARTING_KIT", null, 394],
    ]);
    expect(sha256Hex(files[2]!.content)).toBe(sha256Hex(await readFile(path.join(FIXTURE, "files/3/starting-kit.zip"))));

    const exported = await buildTaskBundle({ userId: await admin(source), slug: task.slug }, source.ctx);
    expect(exported.manifest).toBe(original.manifest);
    expect(hashes(exported)).toEqual(hashes(original));
  });

  it("a seeded task: export → directory → import into a fresh database → export gives the same manifest and hashes", async () => {
    const seed = await seedTask(source.ctx, { slug: "zoo-seeded" });
    const attach = (fileName: string, content: Uint8Array, more: { name?: string; kind?: "STARTING_KIT" | "DATA"; phaseKey?: string }) =>
      attachTaskFile({ userId: seed.organiserId, slug: seed.slug, fileName, content, ...more }, source.ctx);
    // Two names that reduce to the same bundle file name ("kit_1.zip"), binary bytes, a phase.
    await attach("kit 1.zip", new Uint8Array([0, 255, 1, 254]), { name: "Starting kit", kind: "STARTING_KIT" });
    await attach("kit_1.zip", new Uint8Array([7, 7, 7]), { kind: "STARTING_KIT" });
    await attach("test-data.md", new TextEncoder().encode("# The test documents\n"), { kind: "DATA", phaseKey: seed.phaseKey });
    const first = await buildTaskBundle({ userId: seed.organiserId, slug: seed.slug }, source.ctx);
    const dir = path.join(tmp, "seeded");
    await writeBundleDirectory(dir, first);
    const imported = await importTaskBundle({ userId: await admin(fresh), bundle: await readBundleDirectory(dir) }, fresh.ctx);
    const second = await buildTaskBundle({ userId: await admin(fresh), slug: imported.slug }, fresh.ctx);
    expect(second.manifest).toBe(first.manifest);
    expect(hashes(second)).toEqual(hashes(first));
    expect(first.manifest).toContain("primaryMeasure: hc.f1");
    expect([...first.files.keys()].filter((f) => f.startsWith("files/"))).toEqual([
      "files/1/kit_1.zip",
      "files/2/kit_1.zip",
      "files/3/test-data.md",
    ]);
    const restored = await fresh.ctx.db.taskFile.findMany({ where: { task: { slug: imported.slug } }, include: { phase: true } });
    expect(restored.map((f) => [f.fileName, f.name, f.kind, f.phase?.key ?? null, [...f.content].length]).sort()).toEqual([
      ["kit 1.zip", "Starting kit", "STARTING_KIT", null, 4],
      ["kit_1.zip", "kit_1.zip", "STARTING_KIT", null, 3],
      ["test-data.md", "test-data.md", "DATA", "test", 21],
    ]);
  });

  it("a task without public files writes no files: key, as bundles did before public files existed", async () => {
    const seed = await seedTask(source.ctx, { slug: "zoo-plain" });
    const bundle = await buildTaskBundle({ userId: seed.organiserId, slug: seed.slug }, source.ctx);
    expect(bundle.manifest).not.toMatch(/^files:/m);
    expect(validateTaskBundle(bundle).files).toEqual([]);
  });

  it("the zip form is deterministic and reads back to the same bundle, also from inside one top folder", async () => {
    const bundle = await readBundleDirectory(FIXTURE);
    const zip = bundleToZip(bundle);
    expect(sha256Hex(bundleToZip(bundle))).toBe(sha256Hex(zip));
    const back = await bundleFromZip(zip, { maxTotalBytes: 1_000_000 });
    expect(back.manifest).toBe(bundle.manifest);
    expect(hashes(back)).toEqual(hashes(bundle));
    const nested = zipSync(
      Object.fromEntries([
        ["bundle-zoo/task.yaml", new TextEncoder().encode(bundle.manifest)],
        ...[...bundle.files].map(([f, c]) => [`bundle-zoo/${f}`, c]),
      ]),
    );
    expect(hashes(await bundleFromZip(nested, { maxTotalBytes: 1_000_000 }))).toEqual(hashes(bundle));
  });

  it("imports under another slug, and refuses an existing slug without touching that task", async () => {
    const bundle = await readBundleDirectory(FIXTURE);
    const copy = await importTaskBundle({ userId: await admin(fresh), bundle, slug: "zoo-2027" }, fresh.ctx);
    expect(copy.slug).toBe("zoo-2027");
    await importTaskBundle({ userId: await admin(fresh), bundle }, fresh.ctx);
    await expect(importTaskBundle({ userId: await admin(fresh), bundle }, fresh.ctx)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await fresh.ctx.db.phase.count({ where: { task: { slug: "zoo-bundle" } } })).toBe(2);
  });

  it("only organisers export (the bundle holds the gold) and only organisers import", async () => {
    const participant = await createUser({ name: "Pat", email: "pat@bundle.test", password: "participant-pass" }, source.ctx);
    await expect(buildTaskBundle({ userId: participant.id, slug: "zoo-bundle" }, source.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      importTaskBundle({ userId: participant.id, bundle: await readBundleDirectory(FIXTURE), slug: "zoo-pat" }, source.ctx),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("invalid bundles", () => {
  const withManifest = async (edit: (yaml: string) => string): Promise<TaskBundle> => {
    const bundle = await readBundleDirectory(FIXTURE);
    return { ...bundle, manifest: edit(bundle.manifest) };
  };

  it("reports every manifest error at once, each with its YAML path and line", async () => {
    const bundle = await withManifest((y) =>
      y
        .replace("slug: zoo-bundle", "slug: Zoo Bundle!")
        .replace("primaryMeasure: flat.micro.f1", "primaryMeasure: flat.micro.f2")
        .replace("endsAt: 2026-02-01T00:00:00.000Z", "endsAt: next tuesday")
        .replace("dailyLimit: 1", "dailyLimit: -1")
        .replace("taxonomy: 1", "taxonomy: 7")
        .replace("rule: BEST", "rule: BEST\n    blindMode: true"),
    );
    const issues = await issuesOf(() => validateTaskBundle(bundle));
    const lines = bundle.manifest.split("\n");
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "task.slug", line: lineOf("slug: Zoo Bundle!") }),
        expect.objectContaining({
          path: "subtasks[1].primaryMeasure",
          line: lineOf("flat.micro.f2"),
          message: expect.stringContaining("measure the engine knows"),
        }),
        expect.objectContaining({ path: "phases[0].endsAt", line: lineOf("next tuesday"), message: expect.stringContaining("UTC time") }),
        expect.objectContaining({ path: "phases[1].dailyLimit", line: lineOf("dailyLimit: -1") }),
        expect.objectContaining({ path: "phases[1]", message: expect.stringContaining("blindMode") }),
      ]),
    );
    // Cross-field checks run beside the field checks: a taxonomy version that does not exist, and the
    // primary measure missing from the shown ones (a consequence of the typo above).
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "subtasks[1].taxonomy", line: lineOf("taxonomy: 7"), message: "expected one of the taxonomy versions 1, 2, found 7" },
        expect.objectContaining({ path: "subtasks[1].measuresShown", message: expect.stringContaining("primary measure flat.micro.f2") }),
      ]),
    );
    expect(issues).toHaveLength(7);
    expect(issues.every((i) => i.line !== null && i.line > 0)).toBe(true);
  });

  it("refuses an older bundle's primaryDirection that contradicts its measure, naming the measure and its direction", async () => {
    const bundle = await withManifest((y) =>
      y.replace(
        "      - hierarchical.f1\n    primaryMeasure: hc.f1\n",
        "      - flat.hammingLoss\n    primaryMeasure: flat.hammingLoss\n    primaryDirection: HIGHER\n",
      ),
    );
    const line = bundle.manifest.split("\n").findIndex((l) => l.includes("primaryDirection: HIGHER")) + 1;
    expect(await issuesOf(() => validateTaskBundle(bundle))).toEqual([
      {
        path: "subtasks[0].primaryDirection",
        line,
        message:
          "expected LOWER or no primaryDirection: flat.hammingLoss is lower-is-better by its definition, found HIGHER (remove the line; the direction is always the measure's)",
      },
    ]);
    // One that agrees with its measure (as every bundle written by an older version for hc.f1 does) still validates.
    const agreeing = await withManifest((y) =>
      y.replace("    primaryMeasure: hc.f1\n", "    primaryMeasure: hc.f1\n    primaryDirection: HIGHER\n"),
    );
    expect(validateTaskBundle(agreeing).subtasks[0]!.primaryMeasure).toBe("hc.f1");
  });

  it("reports hostile or clashing public file names, an unknown phase and an unknown kind with their YAML paths", async () => {
    const bundle = await withManifest((y) =>
      y
        .replace("fileName: LICENCE.txt", "fileName: ../LICENCE.txt")
        .replace("fileName: starting-kit.zip", "fileName: daten-übersicht.MD")
        .replace("phase: dev", "phase: final")
        .replace("name: Licence (CC0 1.0)", "name: Licence\u202E"),
    );
    const issues = await issuesOf(() => validateTaskBundle(bundle));
    const lineOf = (needle: string) => bundle.manifest.split("\n").findIndex((l) => l.includes(needle)) + 1;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "files[1].fileName", line: lineOf("../LICENCE.txt"), message: "expected a bare file name, found a path (/ or \\)" },
        expect.objectContaining({ path: "files[2]", message: expect.stringContaining("public file name (in any letter case) once") }),
        expect.objectContaining({ path: "files[0].phase", line: lineOf("phase: final"), message: expect.stringContaining("dev, test") }),
        expect.objectContaining({ path: "files[1].name", message: "expected no invisible formatting characters, found U+202E" }),
      ]),
    );
    expect(issues).toHaveLength(4);
    const kind = await withManifest((y) => y.replace("kind: STARTING_KIT", "kind: MALWARE"));
    expect(await issuesOf(() => validateTaskBundle(kind))).toEqual([
      expect.objectContaining({ path: "files[2].kind", line: lineOf("kind: STARTING_KIT"), message: expect.stringContaining("LICENCE") }),
    ]);
  });

  it("reports broken YAML with its line, and a wrong format", async () => {
    const broken = await issuesOf(() => validateTaskBundle({ manifest: "format: x\ntask: [unclosed\n", files: new Map() }));
    expect(broken[0]).toMatchObject({ path: "", message: expect.stringContaining("expected valid YAML") });
    expect(broken[0]!.line).toBeGreaterThan(0);
    const format = await issuesOf(async () =>
      validateTaskBundle(await withManifest((y) => y.replace("hierboard-task-bundle/1", "codabench/2"))),
    );
    expect(format).toEqual([expect.objectContaining({ path: "format", line: 2, message: "expected format: hierboard-task-bundle/1" })]);
  });

  it("refuses a file whose hash differs, a missing file and a file the manifest does not list", async () => {
    const bundle = await readBundleDirectory(FIXTURE);
    bundle.files.set("gold/test/v2/gold.tsv", new TextEncoder().encode("d1\tCats\n"));
    bundle.files.delete("gold/dev/v1/gold-dev.tsv");
    bundle.files.set("extra/notes.txt", new TextEncoder().encode("smuggled"));
    const issues = await issuesOf(() => validateTaskBundle(bundle));
    expect(issues.map((i) => i.path)).toEqual(["phases[0].gold[0].file", "phases[1].gold[1].sha256", "extra/notes.txt"]);
    const v2Hash = sha256Hex(await readFile(path.join(FIXTURE, "gold/test/v2/gold.tsv")));
    expect(issues[1]!.line).toBe(bundle.manifest.split("\n").findIndex((l) => l.includes(v2Hash)) + 1);
  });

  it("refuses paths that leave the bundle, in the manifest, in a zip and as a symbolic link", async () => {
    const escaped = await issuesOf(async () =>
      validateTaskBundle(await withManifest((y) => y.replace("file: gold/dev/v1/gold-dev.tsv", "file: ../../../etc/passwd"))),
    );
    expect(escaped).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "phases[0].gold[0].file", message: expect.stringContaining("no ..") })]),
    );
    const zip = zipSync({ "task.yaml": new TextEncoder().encode("format: x\n"), "../evil.sh": new TextEncoder().encode("rm -rf /") });
    expect((await issuesOf(() => bundleFromZip(zip, { maxTotalBytes: 1_000_000 })))[0]).toMatchObject({ path: "../evil.sh" });
    const dir = path.join(tmp, "linked");
    await cp(FIXTURE, dir, { recursive: true });
    await mkdir(path.join(dir, "public"));
    await symlink("/etc/hostname", path.join(dir, "public", "host.txt"));
    expect(await issuesOf(() => readBundleDirectory(dir))).toEqual([
      expect.objectContaining({ path: "public/host.txt", message: expect.stringContaining("symbolic link") }),
    ]);
  });

  it("refuses a zip that unpacks past the limit, and a file that is not a zip", async () => {
    const bomb = zipSync({ "task.yaml": new Uint8Array(10), "big.bin": new Uint8Array(5_000_000) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    await expect(bundleFromZip(bomb, { maxTotalBytes: 1_000_000 })).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    await expect(bundleFromZip(new TextEncoder().encode("not a zip"), { maxTotalBytes: 1_000 })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("leaves nothing stored when a file fails validation halfway through (gold outside the taxonomy)", async () => {
    const bundle = await readBundleDirectory(FIXTURE);
    const bad = new TextEncoder().encode("d1\tUnicorns\n");
    bundle.files.set("gold/test/v2/gold.tsv", bad);
    const manifest = bundle.manifest.replace(sha256Hex(await readFile(path.join(FIXTURE, "gold/test/v2/gold.tsv"))), sha256Hex(bad));
    const before = await fresh.ctx.db.taxonomyVersion.count();
    await expect(
      importTaskBundle({ userId: await admin(fresh), bundle: { ...bundle, manifest }, slug: "zoo-half" }, fresh.ctx),
    ).rejects.toMatchObject({ code: "INVALID_FILE" });
    expect(await fresh.ctx.db.task.findUnique({ where: { slug: "zoo-half" } })).toBeNull();
    expect(await fresh.ctx.db.taxonomyVersion.count()).toBe(before);
  });

  it("leaves nothing stored when a public file is over the size limit (the last step of an import)", async () => {
    const small = await createTestPlatform({ maxUploadBytes: 300 });
    try {
      const ada = (await createUser({ name: "Ada", email: "ada@small.test", password: "admin-pass-1", role: "ADMIN" }, small.ctx)).id;
      await expect(importTaskBundle({ userId: ada, bundle: await readBundleDirectory(FIXTURE) }, small.ctx)).rejects.toMatchObject({
        code: "FILE_TOO_LARGE",
        message: expect.stringContaining("starting-kit.zip"),
      });
      expect(await small.ctx.db.task.count()).toBe(0);
      expect(await small.ctx.db.taskFile.count()).toBe(0);
    } finally {
      await small.cleanup();
    }
  });

  it("writes a bundle only into a new or empty directory", async () => {
    const dir = path.join(tmp, "occupied");
    await mkdir(dir);
    await writeFile(path.join(dir, "keep.txt"), "mine");
    await expect(writeBundleDirectory(dir, await readBundleDirectory(FIXTURE))).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await readFile(path.join(dir, "keep.txt"), "utf8")).toBe("mine");
  });
});
