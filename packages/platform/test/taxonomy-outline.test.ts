// The taxonomy's outline is stored with its version (what the explorer reads instead of parsing the
// file), and a version stored before outlines were still answers the same rows, its outline then stored.
import { parseTaxonomy, ROOT } from "@hierboard/metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeRows, subtreeRows } from "../src/node-statistics/node-rows.ts";
import { decodeNodeStatistics } from "../src/node-statistics/node-statistics-codec.ts";
import { decodeTaxonomyOutline, encodeTaxonomyOutline, getNodeStatistics, scoreSubmission } from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
let submissionId: string;
const taxonomy = parseTaxonomy(fixture("taxonomy.tsv"), { fileName: "taxonomy.tsv" });

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2030-01-10T12:00:00Z") });
  seed = await seedTask(p.ctx, { startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: new Date("2030-01-20T12:00:00Z") });
  const { id } = await submitAsMember(p.ctx, seed, "pred-good.tsv", fixture("pred-good.tsv"));
  submissionId = id;
  await scoreSubmission(p.ctx.db, id);
});
afterAll(async () => {
  await p?.cleanup();
});

const storedOutline = async () => (await p.ctx.db.taxonomyVersion.findFirstOrThrow({ select: { id: true, outline: true } })).outline;

describe("the stored taxonomy outline", () => {
  it("is written with the taxonomy version, from the parsed file", async () => {
    const outline = await storedOutline();
    expect(outline).not.toBeNull();
    expect(decodeTaxonomyOutline(outline!).names).toEqual(taxonomy.names);
    expect(Buffer.from(outline!).equals(Buffer.from(encodeTaxonomyOutline(taxonomy)))).toBe(true);
  });

  it("of a version stored before outlines were: the explorer answers the parsed taxonomy's rows and stores the outline", async () => {
    await p.ctx.db.taxonomyVersion.updateMany({ data: { outline: null } });
    const answer = await getNodeStatistics({ id: submissionId, viewerId: seed.memberId }, p.ctx);
    const { data } = await p.ctx.db.nodeStatistics.findFirstOrThrow({ select: { data: true } });
    const expected = subtreeRows(taxonomy, ROOT, Number.POSITIVE_INFINITY, 3000, nodeRows(taxonomy, decodeNodeStatistics(data), "written"));
    expect(answer.nodes.length).toBeGreaterThan(3);
    expect(answer.nodes).toEqual(expected.nodes);
    expect(Buffer.from((await storedOutline())!).equals(Buffer.from(encodeTaxonomyOutline(taxonomy)))).toBe(true);
  });
});
