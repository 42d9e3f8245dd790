import { describe, expect, it } from "vitest";
import { cutShardPart } from "./cut-shard-part.ts";
import type { ShardPart } from "./shard-part.ts";

/** Four documents at gold positions 0, 1, 5, 2 with 1, 2, 0 and 1 per-document entries. */
const part: ShardPart = {
  shard: 3,
  families: ["flat", "lca"],
  perDocumentFamilies: ["lca"],
  goldIndices: Int32Array.of(0, 1, 5, 2),
  sumIndices: Int32Array.of(0, 1),
  sumValues: Float64Array.of(4, 2),
  rowStarts: Int32Array.of(0, 1, 3, 3, 4),
  rowIndices: Int32Array.of(7, 7, 8, 9),
  rowValues: Float64Array.of(0.5, 1.5, 2.5, 3.5),
  tally: { sawContent: true, droppedUnknown: 0, unknownExamples: [], repeatedLabels: 0, repeatedPaths: 0 },
};

describe("cutShardPart", () => {
  it("cuts by gold bucket in file order; a run of consecutive documents shares the part's arrays, others are copied", () => {
    const { summary, buckets } = cutShardPart(part, 2);
    expect([summary.sumValues, summary.goldIndices.length, summary.rowValues.length]).toEqual([part.sumValues, 0, 0]);
    expect(buckets.map((b) => b.bucket)).toEqual([0, 1, 2]);
    const [first, second, third] = buckets.map((b) => b.part);
    // Bucket 0: documents 0 and 1, consecutive.
    expect([first!.goldIndices, first!.rowStarts, first!.rowIndices, first!.rowValues]).toEqual([
      Int32Array.of(0, 1),
      Int32Array.of(0, 1, 3),
      Int32Array.of(7, 7, 8),
      Float64Array.of(0.5, 1.5, 2.5),
    ]);
    expect(first!.rowValues.buffer).toBe(part.rowValues.buffer);
    // Bucket 1: document 3 (gold 2). Bucket 2: document 2 (gold 5), no entries.
    expect([second!.goldIndices, second!.rowStarts, second!.rowValues]).toEqual([
      Int32Array.of(2),
      Int32Array.of(0, 1),
      Float64Array.of(3.5),
    ]);
    expect([third!.goldIndices, third!.rowStarts, third!.rowValues.length]).toEqual([Int32Array.of(5), Int32Array.of(0, 0), 0]);
    expect(buckets.every((b) => b.part.sumValues.length === 0 && b.part.tally.sawContent === false)).toBe(true);
  });

  it("copies the documents of a bucket that are not consecutive in the part", () => {
    const { buckets } = cutShardPart(part, 3);
    const [low] = buckets.map((b) => b.part);
    expect([low!.goldIndices, low!.rowStarts, low!.rowIndices, low!.rowValues]).toEqual([
      Int32Array.of(0, 1, 2),
      Int32Array.of(0, 1, 3, 4),
      Int32Array.of(7, 7, 8, 9),
      Float64Array.of(0.5, 1.5, 2.5, 3.5),
    ]);
    expect(low!.rowValues.buffer).not.toBe(part.rowValues.buffer);
  });
});
