// The organisers' bulk export: every submission file as uploaded, every score per gold version
// with the hashes it was computed from, run metadata without e-mail addresses, streamed as a zip,
// audited, and refused to participants and strangers.
import { createHash } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createSubmission,
  createTeam,
  createUser,
  exportSubmissions,
  updateRunDescription,
  updateTeamDescription,
} from "../src/index.ts";
import {
  addScoredBaseline,
  createTestPlatform,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
} from "../src/testing/index.ts";

const text = (s: string) => new TextEncoder().encode(s);
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
const POOR = "d1\tDogs\nd2\tPlants\nd3\tAnimals\nd4\tCats\nd5\tPlants\n";
const HOSTILE_TEAM = '=HYPERLINK("x") ../../etc';

let p: TestPlatform;
let seed: SeededTask;
let participantId: string;
const submitted: { id: string; content: string }[] = [];

async function readZip(stream: ReadableStream<Uint8Array>): Promise<Record<string, Uint8Array>> {
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return unzipSync(bytes);
}

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx, { slug: "export" });
  for (const [name, content] of [
    ["Owls", GOOD],
    [HOSTILE_TEAM, POOR],
  ] as const) {
    const user = await createUser(
      { name: `${name} member`, email: `m${submitted.length}@export.test`, password: "participant-pass" },
      p.ctx,
    );
    participantId = user.id;
    await createTeam({ userId: user.id, slug: seed.slug, name }, p.ctx);
    const created = await createSubmission(
      {
        userId: user.id,
        slug: seed.slug,
        subtaskKey: seed.subtaskKey,
        phaseKey: seed.phaseKey,
        fileName: "run 1.tsv",
        content: text(content),
      },
      p.ctx,
    );
    await scoreStoredSubmission(p.ctx.db, created.id);
    submitted.push({ id: created.id, content });
  }
  const baselineId = await addScoredBaseline(p.ctx, seed, text(POOR));
  submitted.push({ id: baselineId, content: POOR });
}, 120_000);

afterAll(async () => p?.cleanup());

describe("exportSubmissions", () => {
  it("holds every file as uploaded, every stored score and the hashes they were computed with", async () => {
    const exported = await exportSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(exported.fileName).toBe("export-submissions.zip");
    expect(exported.submissions).toBe(3);
    const files = await readZip(exported.stream);
    const runs = JSON.parse(strFromU8(files["runs.json"] as Uint8Array)) as {
      submission_id: string;
      file: string;
      sha256: string;
      members: string;
    }[];
    expect(runs.map((run) => run.submission_id).sort()).toEqual(submitted.map((s) => s.id).sort());
    for (const s of submitted) {
      const run = runs.find((r) => r.submission_id === s.id);
      expect(strFromU8(files[run?.file ?? ""] as Uint8Array)).toBe(s.content);
      expect(run?.sha256).toBe(createHash("sha256").update(s.content).digest("hex"));
    }
    // A hostile team name stays inside its folder.
    expect(Object.keys(files).every((name) => !name.includes("..") && !name.startsWith("/"))).toBe(true);

    const stored = await p.ctx.db.score.findMany({ include: { scoreSet: true } });
    expect(stored.length).toBeGreaterThan(0);
    const scores = JSON.parse(strFromU8(files["scores.json"] as Uint8Array)) as {
      submission_id: string;
      measure: string;
      value: number | null;
      gold_sha256: string;
    }[];
    expect(scores).toHaveLength(stored.length);
    for (const score of stored) {
      const row = scores.find((r) => r.submission_id === score.submissionId && r.measure === score.measure);
      expect(row?.value).toBe(score.value);
      expect(row?.gold_sha256).toBe(score.scoreSet.goldHash);
    }
    const csv = strFromU8(files["scores.csv"] as Uint8Array)
      .trimEnd()
      .split("\n");
    expect(csv[0]).toBe(
      "submission_id,phase,subtask,team,baseline,gold_version,part,measure,value,ci_low,ci_high,engine_version,taxonomy_sha256,gold_sha256",
    );
    expect(csv).toHaveLength(stored.length + 1);
    // The hostile name is a text cell, never a formula.
    expect(csv.some((line) => line.includes(`"'=HYPERLINK(""x"") ../../etc"`))).toBe(true);

    const hashes = JSON.parse(strFromU8(files["hashes.json"] as Uint8Array)) as {
      taxonomies: { sha256: string }[];
      golds: { sha256: string }[];
    };
    const gold = await p.ctx.db.goldVersion.findFirstOrThrow({});
    expect(hashes.golds.map((g) => g.sha256)).toContain(gold.contentHash);
    expect(hashes.taxonomies.length).toBeGreaterThan(0);
    // Display names only: no e-mail address anywhere in the metadata.
    expect(strFromU8(files["runs.csv"] as Uint8Array)).not.toMatch(/@export\.test/);
    expect(runs.find((run) => run.submission_id === submitted[0]?.id)?.members).toBe("Owls member");
  });

  it("includes each run's system name, description and paper link, each falling back to its team's", async () => {
    const owls = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "m0@export.test" } });
    const description = "=cmd|' /C calc'!A0\nSecond line, with a comma.";
    await updateTeamDescription(
      { userId: owls.id, slug: seed.slug, systemName: "OwlNet", systemDescription: description, paperUrl: "https://example.org/owls" },
      p.ctx,
    );
    await updateRunDescription({ userId: owls.id, slug: seed.slug, submissionId: submitted[0]!.id, systemName: "OwlNet-large" }, p.ctx);
    const files = await readZip((await exportSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx)).stream);
    const runs = JSON.parse(strFromU8(files["runs.json"] as Uint8Array)) as Record<string, unknown>[];
    expect(runs.find((run) => run.submission_id === submitted[0]!.id)).toMatchObject({
      system_name: "OwlNet-large",
      system_description: description,
      paper_url: "https://example.org/owls",
    });
    expect(runs.find((run) => run.submission_id === submitted[1]!.id)).toMatchObject({ system_name: "", paper_url: "" });
    const csv = strFromU8(files["runs.csv"] as Uint8Array);
    expect(csv.split("\n")[0]).toMatch(/,system_name,system_description,paper_url$/);
    // A description is one quoted, formula-neutralised cell, its line break inside the quotes.
    expect(csv).toContain(`OwlNet-large,"'=cmd|' /C calc'!A0\nSecond line, with a comma.",https://example.org/owls`);
  });

  it("narrows to one phase and names an unknown one", async () => {
    const exported = await exportSubmissions({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey }, p.ctx);
    expect(exported.submissions).toBe(3);
    expect(exported.fileName).toBe(`export-${seed.phaseKey}-submissions.zip`);
    await exported.stream.cancel();
    await expect(exportSubmissions({ userId: seed.organiserId, slug: seed.slug, phaseKey: "nope" }, p.ctx)).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'No phase "nope" in "export".',
    });
  });

  it("is audited, and refused to a participant", async () => {
    const before = await p.ctx.db.auditLog.count({ where: { action: "task.submissions.exported" } });
    await (await exportSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx)).stream.cancel();
    const entries = await p.ctx.db.auditLog.findMany({ where: { action: "task.submissions.exported" }, orderBy: { createdAt: "asc" } });
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ actorId: seed.organiserId, details: { phase: null, submissions: 3 } });

    const refused = exportSubmissions({ userId: participantId, slug: seed.slug }, p.ctx);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await p.ctx.db.auditLog.count({ where: { action: "task.submissions.exported" } })).toBe(before + 1);
  });
});
