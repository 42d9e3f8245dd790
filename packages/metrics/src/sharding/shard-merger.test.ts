import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LabelFileParser } from "../labels/label-file-parser.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { evaluate } from "../engine/evaluate.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import { MEASURE_FAMILIES } from "../engine/measure-families.ts";
import { buildTaxonomy } from "../taxonomy/build-taxonomy.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { recordEvaluation } from "../uncertainty/recorded-statistics.ts";
import { ShardLayout } from "./shard-layout.ts";
import { scoreShardPart, type ShardPart } from "./shard-part.ts";
import { decodeShardPart, encodeShardPart } from "./shard-part-bytes.ts";
import { ShardMerger } from "./shard-merger.ts";
import { caseArb, type Case } from "./random-scoring-case.ts";

function goldFileOf(taxonomy: Taxonomy, gold: string[][]) {
  return parseLabelText(gold.map((labels, i) => [`d${i}`, ...labels].join("\t")).join("\n"), { taxonomy, role: "gold" });
}

/** Prediction lines (JSON Lines) in file order: the documents sorted by `order`, missing ones left out. */
function predictionLines(c: Case, sortBy: (i: number) => number): string[] {
  const ids = c.gold.map((_, i) => i).sort((a, b) => sortBy(a) - sortBy(b) || a - b);
  return ids.filter((i) => c.pred[i] !== undefined).map((i) => JSON.stringify({ id: `d${i}`, ...c.pred[i] }));
}

function parse(taxonomy: Taxonomy, lines: readonly string[], firstLine = 1) {
  const parser = new LabelFileParser({ taxonomy, role: "prediction", format: "jsonl", unknownLabels: "drop" });
  lines.forEach((line, k) => parser.push(line, firstLine + k));
  return { pred: parser.finish(), tally: parser.tally };
}

/** The shard parts of consecutive line ranges, each through its bytes. */
async function partsOf(layout: ShardLayout, c: Case, lines: string[], bounds: number[], perDocument?: string[]): Promise<ShardPart[]> {
  const gold = goldFileOf(c.taxonomy, c.gold);
  const parts: ShardPart[] = [];
  for (let s = 1; s < bounds.length; s++) {
    const shard = { shard: s - 1, ...parse(c.taxonomy, lines.slice(bounds[s - 1], bounds[s]), bounds[s - 1]! + 1) };
    const bytes = encodeShardPart(await scoreShardPart(layout, gold, shard, { perDocument }));
    // Decoded from a view into a larger Node buffer, as bytes read from storage often are.
    parts.push(decodeShardPart(Buffer.concat([Buffer.alloc(3 + s), bytes]).subarray(3 + s)));
  }
  return parts;
}

const runs = { numRuns: 120 };

describe("ShardMerger: shards merged one part at a time equal evaluate to the bit", () => {
  it("for file-order shards arriving in any order, soft scores and missing documents included", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const gold = goldFileOf(c.taxonomy, c.gold);
        const lines = predictionLines(c, (i) => c.order[i]!);
        const whole = evaluate({ taxonomy: c.taxonomy, gold, pred: parse(c.taxonomy, lines).pred, metrics: "all", nameMissingIds: false });
        const layout = new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES);
        const bounds = [0, ...c.cuts.map((k) => k % (lines.length + 1)).sort((a, b) => a - b), lines.length];
        const parts = await partsOf(layout, c, lines, bounds);
        const arrival = parts.map((_, k) => k).sort((a, b) => c.arrival[a]! - c.arrival[b]! || a - b);
        const merger = new ShardMerger(layout, gold, { nameMissingIds: false });
        for (const k of arrival) merger.add(parts[k]!);
        // toEqual compares numbers with Object.is: bit-identical, NaN included.
        expect(merger.finish().evaluation).toEqual(whole);
      }),
      runs,
    );
  });

  it("for shards cut by gold ranges: each part is added as it comes, nothing waits, and the recording equals recordEvaluation's", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const gold = goldFileOf(c.taxonomy, c.gold);
        const n = c.gold.length;
        const lines = predictionLines(c, (i) => i);
        const input = { taxonomy: c.taxonomy, gold, pred: parse(c.taxonomy, lines).pred, metrics: "all" as const };
        const layout = new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES);
        const goldBounds = [0, ...c.cuts.map((k) => k % (n + 1)).sort((a, b) => a - b), n];
        const merger = new ShardMerger(layout, gold, { perDocument: ["flat", "hc"], record: true });
        for (let s = 1; s < goldBounds.length; s++) {
          const [from, to] = [goldBounds[s - 1]!, goldBounds[s]!];
          const mine = lines.filter((line) => {
            const g = Number((JSON.parse(line) as { id: string }).id.slice(1));
            return g >= from && g < to;
          });
          const part = await scoreShardPart(
            layout,
            gold,
            { shard: s - 1, ...parse(c.taxonomy, mine) },
            {
              perDocument: ["flat", "hc"],
              goldRange: { from, to },
            },
          );
          merger.add(part);
          expect(merger.waitingDocuments).toBe(0);
        }
        const merged = merger.finish();
        expect(merged.evaluation).toEqual(evaluate(input));
        // The recording keeps the per-document families (reals, plus flat and hc asked for).
        const kept = layout.families.filter((f) => f.statistics === "reals" || f.id === "flat" || f.id === "hc").map((f) => f.id);
        const reference = recordEvaluation(input).restrict(kept);
        const recorded = merged.recorded!.restrict(kept);
        expect(recorded.ids).toEqual(reference.ids);
        expect([recorded.starts, recorded.indices, recorded.values]).toEqual([reference.starts, reference.indices, reference.values]);
      }),
      runs,
    );
  });

  it("rejects a document two shards hold, and a part of another layout", async () => {
    const c: Case = {
      taxonomy: buildTaxonomy([{ parent: null, child: "n1", line: 1 }]),
      gold: [["n1"], ["n1"]],
      pred: [{ labels: ["n1"] }, { labels: [] }],
      order: [],
      cuts: [],
      arrival: [],
    };
    const gold = goldFileOf(c.taxonomy, c.gold);
    const layout = new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES);
    const lines = predictionLines(c, (i) => i);
    const [part] = await partsOf(layout, c, lines, [0, lines.length]);
    const merger = new ShardMerger(layout, gold, { fileName: "p.jsonl" });
    merger.add(part!);
    expect(() => merger.add(part!)).toThrow(expect.objectContaining({ code: "DUPLICATE_ID" }));
    const coreOnly = new ShardMerger(new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES.slice(0, 3)), gold);
    expect(() => coreOnly.add(part!)).toThrow(/expected a shard part of the families flat,hc,hierarchical/);
  });
});
