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
import { cutShardPart } from "./cut-shard-part.ts";
import { caseArb, type Case } from "./random-scoring-case.ts";

function goldLines(gold: string[][]): string[] {
  return gold.map((labels, i) => [`d${i}`, ...labels].join("\t"));
}

function goldFileOf(taxonomy: Taxonomy, gold: string[][]) {
  return parseLabelText(goldLines(gold).join("\n"), { taxonomy, role: "gold" });
}

/** The gold lines [from, to) parsed on their own, as a caller holding one range of the gold does. */
function goldRangeOf(taxonomy: Taxonomy, gold: string[][], from: number, to: number) {
  const parser = new LabelFileParser({ taxonomy, role: "gold", fileName: "gold.tsv", format: "tsv" });
  goldLines(gold)
    .slice(from, to)
    .forEach((line, k) => parser.push(line, from + k + 1));
  return { entries: [...parser.finish().entries.values()], tally: parser.tally };
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

  it("from a gold outline, one gold bucket at a time (parts cut by bucket): equal to evaluate, missing documents named, and the recording", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.integer({ min: 1, max: 6 }), async (c, bucketSize) => {
        const gold = goldFileOf(c.taxonomy, c.gold);
        const n = c.gold.length;
        const lines = predictionLines(c, (i) => c.order[i]!);
        const input = { taxonomy: c.taxonomy, gold, pred: parse(c.taxonomy, lines).pred, metrics: "all" as const };
        const layout = new ShardLayout(scoringContext(c.taxonomy), MEASURE_FAMILIES);
        const bounds = [0, ...c.cuts.map((k) => k % (lines.length + 1)).sort((a, b) => a - b), lines.length];
        const cut = (await partsOf(layout, c, lines, bounds, ["flat"])).map((part) => cutShardPart(part, bucketSize));
        const merger = new ShardMerger(layout, { documents: n }, { perDocument: ["flat"], record: true });
        for (const { summary } of cut) merger.add(decodeShardPart(encodeShardPart(summary)));
        for (let from = 0; from < n; from += bucketSize) {
          const range = goldRangeOf(c.taxonomy, c.gold, from, Math.min(n, from + bucketSize));
          merger.addGold(from, range.entries, range.tally);
          for (const { buckets } of cut)
            for (const { bucket, part } of buckets) if (bucket === from / bucketSize) merger.add(decodeShardPart(encodeShardPart(part)));
        }
        const merged = merger.finish();
        // Missing gold ids are named, as by evaluate's default, though no gold file was handed over.
        expect(merged.evaluation).toEqual(evaluate(input));
        const kept = layout.families.filter((f) => f.statistics === "reals" || f.id === "flat").map((f) => f.id);
        const reference = recordEvaluation(input).restrict(kept);
        const recorded = merged.recorded!.restrict(kept);
        expect(recorded.ids).toEqual(reference.ids);
        expect([recorded.starts, recorded.indices, recorded.values]).toEqual([reference.starts, reference.indices, reference.values]);
      }),
      runs,
    );
  });

  it("from a gold outline: the gold's warnings from its ranges' tallies, the missing-documents error, a duplicate id across shards, parts out of their range", async () => {
    const taxonomy = buildTaxonomy([{ parent: null, child: "n1", line: 1 }]);
    const goldText = ["d0\tn1\tn1", "d1\tn1", "d2\tn1", "d3\tn1"];
    const whole = parseLabelText(goldText.join("\n"), { taxonomy, role: "gold", fileName: "gold.tsv" });
    const rangeOf = (from: number, to: number) => {
      const parser = new LabelFileParser({ taxonomy, role: "gold", fileName: "gold.tsv", format: "tsv" });
      goldText.slice(from, to).forEach((line, k) => parser.push(line, from + k + 1));
      return { entries: [...parser.finish().entries.values()], tally: parser.tally };
    };
    const layout = new ShardLayout(scoringContext(taxonomy), MEASURE_FAMILIES);
    // Each shard is given the gold of its own documents only, as a worker loading them by id.
    const shardOf = async (shard: number, predLines: string[]) => {
      const { pred, tally } = parse(taxonomy, predLines);
      const ids = [...pred.entries.keys()];
      const own = {
        entries: new Map(ids.map((id) => [id, whole.entries.get(id)!])),
        positionOf: new Map(ids.map((id) => [id, Number(id.slice(1))])),
      };
      return cutShardPart(await scoreShardPart(layout, own, { shard, pred, tally }), 2);
    };
    const first = await shardOf(0, ['{"id": "d1", "labels": ["n1"]}']);
    const second = await shardOf(1, ['{"id": "d3", "labels": []}', '{"id": "d0", "labels": ["n1"]}']);
    const pred = parse(taxonomy, ['{"id": "d1", "labels": ["n1"]}', '{"id": "d3", "labels": []}', '{"id": "d0", "labels": ["n1"]}']).pred;

    const merge = (policy: "empty" | "error") => {
      const merger = new ShardMerger(layout, { documents: 4, fileName: "gold.tsv" }, { fileName: "p.jsonl", missingDocuments: policy });
      for (const s of [first, second]) merger.add(s.summary);
      for (const from of [0, 2]) {
        const range = rangeOf(from, from + 2);
        merger.addGold(from, range.entries, range.tally);
        for (const s of [first, second]) for (const b of s.buckets) if (b.bucket === from / 2) merger.add(b.part);
      }
      return merger.finish();
    };
    const { evaluation } = merge("empty");
    expect(evaluation).toEqual(evaluate({ taxonomy, gold: whole, pred: { ...pred, fileName: "p.jsonl" }, metrics: "all" }));
    expect(evaluation.warnings.join("\n")).toMatch(/gold.tsv: 1 repeated label[\s\S]*1 of 4 gold documents \("d2"\)/);
    expect(() => merge("error")).toThrow(expect.objectContaining({ code: "MISSING_DOCUMENTS" }));

    // d3 (gold position 3) in two shards: found in its bucket, named from that bucket's gold.
    const again = await shardOf(2, ['{"id": "d3", "labels": ["n1"]}']);
    const merger = new ShardMerger(layout, { documents: 4 }, { fileName: "p.jsonl" });
    merger.addGold(0, rangeOf(0, 2).entries);
    expect(() => merger.add(second.buckets[1]!.part)).toThrow(/gold position 3 lies outside the gold range at hand \(0..2\)/);
    expect(() => merger.addGold(3, rangeOf(3, 4).entries)).toThrow(/expected the gold from position 2, got 3/);
    merger.addGold(2, rangeOf(2, 4).entries);
    merger.add(second.buckets.find((b) => b.bucket === 1)!.part);
    expect(() => merger.add(again.buckets[0]!.part)).toThrow(
      expect.objectContaining({ code: "DUPLICATE_ID", message: expect.stringContaining('"d3"') }),
    );
    expect(() => new ShardMerger(layout, whole).addGold(0, [])).toThrow(/holds the whole gold file/);
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
