// The Data & format tab's generated files, and the partial-file policy, on the real Postgres.
import { parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, buildDataFile, loadScoringSetup, setTaskStatus, updateSubtask } from "../src/index.ts";
import { createTestPlatform, fixtureText, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx, { slug: "zoo-data" });
});
afterAll(async () => p?.cleanup());

const file = (name: Parameters<typeof buildDataFile>[0]["file"], phaseKey: string | undefined = seed.phaseKey) =>
  buildDataFile({ slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey, file: name }, p.ctx);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("generated downloads", () => {
  it("the taxonomy as TSV and JSON parses back to the same edges", async () => {
    const original = parseTaxonomy(fixtureText("taxonomy.tsv"));
    const tsv = await file("taxonomy.tsv");
    const json = await file("taxonomy.json");
    expect(tsv.fileName).toBe("zoo-data-full-taxonomy.tsv");
    // Same parents and the same child order (which HC's path enumeration depends on).
    expect(childLists(parseTaxonomy(tsv.content))).toEqual(childLists(original));
    expect(childLists(parseTaxonomy(json.content))).toEqual(childLists(original));
  });

  it("the label list names every label once, with its depth and parents", async () => {
    const lines = (await file("labels.tsv")).content.trimEnd().split("\n");
    expect(lines[0]).toBe("label\tdepth\tparents");
    expect(lines).toContain("Cats\t3\tMammals");
    expect(lines).toContain("Animals\t1");
    expect(lines.length - 1).toBe(parseTaxonomy(fixtureText("taxonomy.tsv")).size);
  });

  it("the test ids are the gold's ids in gold order, and nothing else", async () => {
    const ids = await file("test-ids.txt");
    expect(ids.fileName).toBe("zoo-data-full-test-test-ids.txt");
    expect(ids.content).toBe("d1\nd2\nd3\nd4\nd5\n");
    for (const label of ["Cats", "Birds", "Trees"]) expect(ids.content).not.toContain(label);
  });

  it("each sample parses under the subtask's policies and covers every gold document", async () => {
    const setup = await loadScoringSetup(p.ctx.db, await ids());
    for (const name of ["sample.tsv", "sample.jsonl", "sample-paths.jsonl", "sample-scores.jsonl"] as const) {
      const sample = await file(name);
      const parsed = parseLabelText(sample.content, { taxonomy: setup.taxonomy, role: "prediction", fileName: sample.fileName });
      expect([...parsed.entries.keys()], name).toEqual([...setup.gold.entries.keys()]);
    }
  });

  it("refuses what the subtask does not accept, saying what was expected", async () => {
    const germeval = await rejection(file("sample-germeval.txt"));
    expect(germeval.code).toBe("NOT_FOUND");
    expect(germeval.message).toContain("use one of sample.tsv, sample.jsonl, sample-paths.jsonl, sample-scores.jsonl");
    const noPhase = await rejection(buildDataFile({ slug: seed.slug, subtaskKey: seed.subtaskKey, file: "sample.tsv" }, p.ctx));
    expect(noPhase.code).toBe("INVALID_INPUT");
    expect(noPhase.message).toBe("Say which phase sample.tsv is for: expected ?phase=<key>, got none.");
    expect((await rejection(file("sample.tsv", "nope"))).code).toBe("NOT_FOUND");
  });
});

function childLists(t: ReturnType<typeof parseTaxonomy>): Record<string, string[]> {
  return Object.fromEntries(t.names.map((name, id) => [id === 0 ? "(root)" : name, t.children[id]!.map((c) => t.names[c]!)]));
}

async function ids() {
  const subtask = await p.ctx.db.subtask.findFirstOrThrow({ where: { task: { slug: seed.slug } } });
  const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { task: { slug: seed.slug } } });
  return { subtaskId: subtask.id, phaseId: phase.id };
}

describe("partial files", () => {
  const partial = new TextEncoder().encode("d1\tCats\n");
  const submit = () => submitAsMember(p.ctx, seed, "partial.tsv", partial);

  it("are refused by default, with the count and an example, and use no slot", async () => {
    const before = await p.ctx.db.submission.count();
    const error = await rejection(submit());
    expect(error.code).toBe("INVALID_FILE");
    expect(error.message).toMatch(/4 of 5 gold documents/);
    expect(await p.ctx.db.submission.count()).toBe(before);
  });

  it("are accepted as empty predictions with a warning when the organiser allows it", async () => {
    const s = await p.ctx.db.subtask.findFirstOrThrow({ where: { task: { slug: seed.slug } } });
    const fields = {
      key: s.key,
      name: s.name,
      taxonomyVersionId: s.taxonomyVersionId,
      measuresShown: s.measuresShown,
      primaryMeasure: s.primaryMeasure,
    };
    await updateSubtask(
      { userId: seed.organiserId, slug: seed.slug, subtaskKey: seed.subtaskKey, ...fields, missingDocuments: "empty" },
      p.ctx,
    );
    const created = await submit();
    expect(created.warnings.join(" ")).toMatch(/no prediction for 4 of 5 gold documents/);
  });
});

describe("generated downloads of a draft", () => {
  it("are a 404 to everyone but its organisers and the preview link, like the task page", async () => {
    const draft = await seedTask(p.ctx, { slug: "zoo-draft-data" });
    await setTaskStatus({ userId: draft.organiserId, slug: draft.slug, status: "DRAFT" }, p.ctx);
    const { previewToken } = await p.ctx.db.task.findUniqueOrThrow({ where: { slug: draft.slug }, select: { previewToken: true } });
    const get = (viewerId: string | null, token?: string | null) =>
      buildDataFile(
        { slug: draft.slug, subtaskKey: draft.subtaskKey, phaseKey: draft.phaseKey, file: "test-ids.txt", viewerId, previewToken: token },
        p.ctx,
      );
    for (const viewerId of [null, draft.memberId]) expect((await rejection(get(viewerId))).code).toBe("NOT_FOUND");
    expect((await get(draft.organiserId)).content).toBe("d1\nd2\nd3\nd4\nd5\n");
    expect(previewToken).toBeTruthy();
    expect((await get(null, previewToken)).content).toBe("d1\nd2\nd3\nd4\nd5\n");
  });
});
