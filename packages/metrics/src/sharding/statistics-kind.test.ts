import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LabelFileParser } from "../labels/label-file-parser.ts";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext, type ScoringContext } from "../scoring/scoring-context.ts";
import { MEASURE_FAMILIES } from "../engine/measure-families.ts";
import { familyOptions } from "../scoring/measure-family.ts";
import { caseArb, type Case } from "./random-scoring-case.ts";

// Each family's `statistics` declaration is what lets a sharded merge sum it in any order: an
// "integers" family must never write anything else, whatever the input and the options.

/** Option sets that change what families count (defaults first). */
const optionSets = [
  {},
  { zeroDivision: "nan", beta: 0.5, threshold: 0.3 },
  {
    extra: {
      hLoss: { costs: "siblings" },
      distance: { weights: { decay: 0.75 }, labels: "asWritten" },
      cophe: { levels: 1 },
      lca: { graph: "minimal" },
      setBased: { augment: "descendants" },
      mgia: { defaultClassCost: 3 },
      soft: { thresholdStep: 0.1, scoreDecimals: 2 },
    },
  },
];

/** A random case's documents, gold and prediction paired, as `evaluate` prepares them. */
function documentsOf(c: Case, ctx: ScoringContext) {
  const gold = parseLabelText(c.gold.map((labels, i) => [`d${i}`, ...labels].join("\t")).join("\n"), {
    taxonomy: c.taxonomy,
    role: "gold",
  });
  const parser = new LabelFileParser({ taxonomy: c.taxonomy, role: "prediction", format: "jsonl" });
  c.pred.forEach((p, i) => p && parser.push(JSON.stringify({ id: `d${i}`, ...p }), i + 1));
  return prepareDocuments(ctx, gold, parser.finish());
}

describe("every family's statistics declaration holds", () => {
  const integral = MEASURE_FAMILIES.filter((f) => f.statistics === "integers");

  it(`the "integers" families (${integral.map((f) => f.id).join(", ")}) write only integers`, () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...optionSets), (c, options) => {
        const ctx = scoringContext(c.taxonomy, options);
        for (const doc of documentsOf(c, ctx)) {
          for (const family of integral) {
            const sink = {
              add: (index: number, value: number) => expect(Number.isInteger(value), `${family.id}[${index}] = ${value}`).toBe(true),
            };
            family.count(doc, ctx, sink, familyOptions(family, ctx));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the "reals" families are those that need it: each writes a non-integer on some input', () => {
    const reals = MEASURE_FAMILIES.filter((f) => f.statistics === "reals").map((f) => f.id);
    const seen = new Set<string>();
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...optionSets), (c, options) => {
        const ctx = scoringContext(c.taxonomy, options);
        for (const doc of documentsOf(c, ctx))
          for (const family of MEASURE_FAMILIES.filter((f) => reals.includes(f.id)))
            family.count(
              doc,
              ctx,
              { add: (_index, value) => void (Number.isInteger(value) || seen.add(family.id)) },
              familyOptions(family, ctx),
            );
      }),
      { numRuns: 150, seed: 1 },
    );
    expect([...seen].sort()).toEqual([...reals].sort());
  });
});
