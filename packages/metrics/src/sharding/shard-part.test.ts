import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LabelFileParser } from "../labels/label-file-parser.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { MEASURE_FAMILIES } from "../engine/measure-families.ts";
import { PreparedDocument } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { recordStatistics } from "../uncertainty/recorded-statistics.ts";
import { ShardLayout } from "./shard-layout.ts";
import { scoreShardPart, type ShardPart } from "./shard-part.ts";
import { encodeShardPart } from "./shard-part-bytes.ts";
import { caseArb, type Case } from "./random-scoring-case.ts";

function goldOf(c: Case) {
  return parseLabelText(c.gold.map((labels, i) => [`d${i}`, ...labels].join("\t")).join("\n"), { taxonomy: c.taxonomy, role: "gold" });
}

function shardsOf(c: Case) {
  const ids = c.gold.map((_, i) => i).sort((a, b) => c.order[a]! - c.order[b]! || a - b);
  const lines = ids.filter((i) => c.pred[i] !== undefined).map((i) => JSON.stringify({ id: `d${i}`, ...c.pred[i] }));
  const bounds = [0, ...c.cuts.map((k) => k % (lines.length + 1)).sort((a, b) => a - b), lines.length];
  return bounds.slice(1).map((to, s) => parse(c.taxonomy, s, lines.slice(bounds[s], to)));
}

function parse(taxonomy: Taxonomy, shard: number, lines: readonly string[]) {
  const parser = new LabelFileParser({ taxonomy, role: "prediction", format: "jsonl", unknownLabels: "drop" });
  lines.forEach((line, k) => parser.push(line, k + 1));
  return { shard, pred: parser.finish(), tally: parser.tally };
}

/**
 * A part as shards were built before counting went straight into the part: every statistic of
 * the shard recorded first (`recordStatistics`), then the summed families folded document by document.
 */
function foldedRecording(layout: ShardLayout, gold: ReturnType<typeof goldOf>, shard: ReturnType<typeof parse>, perDocumentIds: string[]) {
  const entries = [...shard.pred.entries.values()];
  const recorded = recordStatistics(
    layout.accumulator(),
    entries.map((p) => new PreparedDocument(gold.entries.get(p.id)!, p, layout.ctx)),
  );
  const perDocument = layout.perDocumentMask(perDocumentIds);
  const sums = new Float64Array(layout.width);
  const rowStarts = new Int32Array(recorded.documents + 1);
  const rowIndices: number[] = [];
  const rowValues: number[] = [];
  for (let d = 0; d < recorded.documents; d++) {
    for (let e = recorded.starts[d]!; e < recorded.starts[d + 1]!; e++) {
      const index = recorded.indices[e]!;
      const f = layout.familyOf[index]!;
      if (f >= 0 && perDocument[f]) {
        rowIndices.push(index);
        rowValues.push(recorded.values[e]!);
      } else sums[index]! += recorded.values[e]!;
    }
    rowStarts[d + 1] = rowIndices.length;
  }
  const live = [...sums.keys()].filter((i) => sums[i] !== 0);
  return {
    sumIndices: Int32Array.from(live),
    sumValues: Float64Array.from(live, (i) => sums[i]!),
    rowStarts,
    rowIndices: Int32Array.from(rowIndices),
    rowValues: Float64Array.from(rowValues),
  };
}

const bytesOf = (part: ShardPart) => Buffer.from(encodeShardPart(part));

describe("scoreShardPart", () => {
  it("counts straight into the sums and rows a folded recording of the shard gives, to the bit", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.boolean(), async (c, withFlat) => {
        const gold = goldOf(c);
        const layout = new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES);
        const perDocument = withFlat ? ["flat"] : [];
        for (const shard of shardsOf(c)) {
          const part = await scoreShardPart(layout, gold, shard, { perDocument });
          const reference = foldedRecording(layout, gold, shard, perDocument);
          // Compared as bytes: every value bit for bit, −0 and NaN included.
          expect(bytesOf(part)).toEqual(bytesOf({ ...part, ...reference }));
        }
      }),
      { numRuns: 120 },
    );
  });

  it("gives shards scored at once with one layout what it gives them one after another, and leaves the layout's sums zero", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const gold = goldOf(c);
        const shards = shardsOf(c);
        const layout = new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES);
        const oneByOne: Buffer[] = [];
        for (const shard of shards) oneByOne.push(bytesOf(await scoreShardPart(layout, gold, shard)));
        // Yielding after every document interleaves the shards' counting.
        const atOnce = await Promise.all(shards.map((shard) => scoreShardPart(layout, gold, shard, { yieldEvery: 1 })));
        expect(atOnce.map(bytesOf)).toEqual(oneByOne);
        const reused = layout.borrowAccumulator();
        expect(reused.sums.every((x) => Object.is(x, 0))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
