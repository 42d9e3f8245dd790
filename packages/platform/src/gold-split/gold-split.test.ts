import { evaluate, flattenMeasures, parseLabelText, parseTaxonomy, recordEvaluation } from "@hierboard/metrics";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScoringSetup } from "../scoring/setup/load-scoring-setup.ts";
import { splitRule, splitSentence } from "./describe-split.ts";
import { documentPart } from "./document-part.ts";
import { goldSplitOf, type GoldSplit } from "./gold-part.ts";
import { recordingOfPart } from "./recording-of-part.ts";
import { scoreSplitParts } from "../scoring/engine/score-split-parts.ts";

const taxonomy = parseTaxonomy(
  new TextEncoder().encode("Animals\tMammals\nAnimals\tBirds\nMammals\tCats\nMammals\tDogs\nPlants\tTrees\nPlants\tFlowers\n"),
  { fileName: "taxonomy.tsv" },
);
const NODES = ["Animals", "Mammals", "Birds", "Cats", "Dogs", "Plants", "Trees", "Flowers"];

const labels = fc.uniqueArray(fc.constantFrom(...NODES), { minLength: 1, maxLength: 3 });
const splitArb = fc.record({
  key: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex")),
  publicFraction: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
});
const caseArb = fc.record({
  split: splitArb,
  gold: fc.array(labels, { minLength: 1, maxLength: 40 }),
  pred: fc.array(fc.option(labels, { nil: undefined }), { minLength: 40, maxLength: 40 }),
});

const file = (rows: [string, string[]][]) => new TextEncoder().encode(rows.map(([id, l]) => `${id}\t${l.join("\t")}\n`).join(""));

function parsed(c: { gold: string[][]; pred: (string[] | undefined)[] }, keep = (_id: string) => true) {
  const gold = c.gold.map((l, i) => [`doc-${i}`, l] as [string, string[]]).filter(([id]) => keep(id));
  const pred = c.gold
    .map((_, i) => [`doc-${i}`, c.pred[i]] as [string, string[] | undefined])
    .filter((r): r is [string, string[]] => r[1] !== undefined && keep(r[0]));
  return {
    taxonomy,
    gold: parseLabelText(file(gold), { taxonomy, role: "gold", fileName: "gold.tsv" }),
    pred: parseLabelText(file(pred), { taxonomy, role: "prediction", fileName: "pred.tsv" }),
    missingDocuments: "empty" as const,
    metrics: "all" as const,
  };
}

const SUBTASK = {
  id: "s",
  maxDepth: null,
  section: null,
  unknownLabels: "error",
  missingDocuments: "empty",
  measuresShown: [],
  bootstrap: 0,
  primaryMeasure: "hierarchical.micro.f1",
  maxLabelsPerDocument: 1000,
  cafa: null,
} as const satisfies ScoringSetup["subtask"];

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe("the public/private split of a gold", () => {
  it("puts every gold document in exactly one part, and the parts' per-document statistics sum to the whole's", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const recorded = recordEvaluation(parsed(c));
        const pub = recordingOfPart(recorded, c.split, "public");
        const priv = recordingOfPart(recorded, c.split, "private");
        const ids = new Set([...pub.ids, ...priv.ids]);
        expect(pub.ids.length + priv.ids.length).toBe(recorded.documents);
        expect([...ids].sort()).toEqual([...recorded.ids].sort());
        for (const id of pub.ids) expect(documentPart(c.split, id)).toBe("public");
        const [whole, a, b] = [recorded.total(), pub.total(), priv.total()];
        const unequal = [...whole.keys()].filter((i) => !close(a[i]! + b[i]!, whole[i]!));
        expect(unequal.map((i) => `statistic ${i}: ${a[i]} + ${b[i]} ≠ ${whole[i]}`)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("scores each part as if the part's gold and predictions were scored alone", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const input = parsed(c);
        const parts = scoreSplitParts({ subtask: SUBTASK }, evaluate(input), recordEvaluation(input), c.split);
        for (const { part, scores } of parts) {
          const inPart = c.gold.filter((_, i) => documentPart(c.split, `doc-${i}`) === part).length;
          expect(scores.documents).toBe(inPart);
          const predicted = c.pred.some((p, i) => i < c.gold.length && p !== undefined && documentPart(c.split, `doc-${i}`) === part);
          // A part without gold documents (or without any prediction, which a file cannot be) has nothing to compare with.
          if (inPart === 0 || !predicted) continue;
          const alone = flattenMeasures(evaluate(parsed(c, (id) => documentPart(c.split, id) === part)));
          for (const row of scores.rows) {
            const expected = alone[row.measure];
            if (expected === undefined || !Number.isFinite(expected)) continue;
            expect(row.value === null ? Number.NaN : row.value, `${part} ${row.measure}`).toSatisfy((v: number) => close(v, expected));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a document's part for the same key and id, and draws about the public fraction of documents", () => {
    const split: GoldSplit = { key: "ab".repeat(32), publicFraction: 0.3 };
    const ids = Array.from({ length: 20_000 }, (_, i) => `blurb-${i}`);
    const parts = ids.map((id) => documentPart(split, id));
    expect(ids.map((id) => documentPart(split, id))).toEqual(parts);
    const share = parts.filter((p) => p === "public").length / ids.length;
    expect(share).toBeGreaterThan(0.28);
    expect(share).toBeLessThan(0.32);
    // Another key assigns other documents.
    const other = ids.map((id) => documentPart({ ...split, key: "cd".repeat(32) }, id));
    expect(other.filter((p, i) => p !== parts[i]).length).toBeGreaterThan(ids.length / 5);
  });

  it("has no split without a fraction or without a key", () => {
    expect(goldSplitOf({ publicFraction: null, splitKey: "ab".repeat(32) })).toBeNull();
    expect(goldSplitOf({ publicFraction: 0.3, splitKey: null })).toBeNull();
    expect(goldSplitOf({ publicFraction: 0.3, splitKey: "ab" })).toEqual({ publicFraction: 0.3, key: "ab" });
  });
});

describe("the split in words", () => {
  it("names the part, its share and when the private part comes out", () => {
    expect(splitSentence("public", { publicFraction: 0.3, privateShown: false })).toBe(
      "Scores on the public part of the test set (30 % of the documents); the private part (70 %) stays hidden until the phase ends.",
    );
    expect(splitSentence("private", { publicFraction: 0.25, privateShown: true })).toMatch(
      /^Scores on the private part of the test set \(75 % of the documents\), for the runs that counted on the public part \(25 %\)/,
    );
    expect(splitRule(0.3, true)).toMatch(
      /public part of 30 % of the documents \(which ones stays secret\).*private 70 %, shown when the results are published\.$/,
    );
  });
});
