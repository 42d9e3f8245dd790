import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DocumentLabels } from "../../labels/label-file.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import { flattenMeasures } from "../../scoring/flatten-measures.ts";
import { PreparedDocument } from "../../scoring/prepared-document.ts";
import { MEASURE_REGISTRY } from "../../engine/measure-registry.ts";
import { ScoreAccumulator } from "../../scoring/score-accumulator.ts";
import { buildTaxonomy, type RawEdge } from "../../taxonomy/build-taxonomy.ts";
import { copheFamily } from "../cophe/cophe-family.ts";
import { distanceFamily } from "../distance/distance-family.ts";
import { hLossFamily } from "../h-loss/h-loss-family.ts";
import { perLevelFamily } from "../per-level/per-level-family.ts";
import { perSubtreeFamily } from "../per-level/per-subtree-family.ts";
import { hierarchicalFamily } from "../set-based/hierarchical-family.ts";

// The shared property test (src/scoring/measure-properties.test.ts) runs every family with
// default options; this one repeats "perfect = best" and "sharded = whole" with the
// non-default options of the families in this directory's siblings.

const families = [copheFamily, hLossFamily, distanceFamily, perLevelFamily, perSubtreeFamily, hierarchicalFamily];
const optionSets: Record<string, unknown>[] = [
  {
    cophe: { levels: 1 },
    hLoss: { costs: "siblings" },
    distance: { disTheta: 3, weights: { decay: 0.6 } },
    setBased: { augment: "descendants" },
  },
  { distance: { disTheta: 0.5, labels: "asWritten" } },
];

const caseArb = fc
  .record({
    size: fc.integer({ min: 1, max: 20 }),
    seeds: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 20, maxLength: 20 }),
    docs: fc.array(fc.tuple(fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 4 }), fc.uniqueArray(fc.nat(), { maxLength: 4 })), {
      minLength: 1,
      maxLength: 12,
    }),
    cut: fc.nat(),
    options: fc.constantFrom(...optionSets),
  })
  .map(({ size, seeds, docs, cut, options }) => {
    const edges: RawEdge[] = [];
    for (let i = 1; i <= size; i++) {
      const [a, b, second] = seeds[i - 1]!;
      const parent = a % i;
      edges.push({ parent: parent === 0 ? null : `n${parent}`, child: `n${i}`, line: edges.length + 1 });
      if (second && b % i !== parent && b % i !== 0) edges.push({ parent: `n${b % i}`, child: `n${i}`, line: edges.length + 1 });
    }
    const taxonomy = buildTaxonomy(edges);
    const label = (n: number) => taxonomy.id(`n${1 + (n % size)}`)!;
    const labelled = docs.map(([g, p]) => [[...new Set(g.map(label))], [...new Set(p.map(label))]] as const);
    return { taxonomy, labelled, cut, options };
  });

function prepared(
  ctx: ReturnType<typeof scoringContext>,
  docs: readonly (readonly [readonly number[], readonly number[]])[],
  perfect: boolean,
): PreparedDocument[] {
  return docs.map(([gold, pred], i) => {
    const g: DocumentLabels = { id: `d${i}`, line: i + 1, labels: gold };
    const p: DocumentLabels = { id: `d${i}`, line: i + 1, labels: perfect ? gold : pred };
    return new PreparedDocument(g, p, ctx);
  });
}

describe("families with non-default options", () => {
  it("a perfect prediction gets each registered measure's best value", () => {
    fc.assert(
      fc.property(caseArb, ({ taxonomy, labelled, options }) => {
        const ctx = scoringContext(taxonomy, { extra: options });
        const result = new ScoreAccumulator(ctx, families).update(prepared(ctx, labelled, true)).compute();
        const measures = flattenMeasures(result);
        for (const info of MEASURE_REGISTRY) {
          if (info.best === undefined || !(info.key in measures)) continue;
          const [familyId, ...rest] = info.key.split(".");
          if ((result[familyId!] as { undefined: string[] }).undefined.includes(rest.join("."))) continue;
          expect(measures[info.key], info.key).toBeCloseTo(info.best, 12);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("two shards merged equal one pass", () => {
    fc.assert(
      fc.property(caseArb, ({ taxonomy, labelled, cut, options }) => {
        const ctx = scoringContext(taxonomy, { extra: options });
        const docs = prepared(ctx, labelled, false);
        const at = cut % (docs.length + 1);
        const whole = flattenMeasures(new ScoreAccumulator(ctx, families).update(docs).compute());
        const merged = new ScoreAccumulator(ctx, families)
          .update(docs.slice(0, at))
          .merge(new ScoreAccumulator(ctx, families).update(docs.slice(at)));
        const parts = flattenMeasures(merged.compute());
        expect(Object.keys(parts).sort()).toEqual(Object.keys(whole).sort());
        for (const [key, value] of Object.entries(whole)) expect(Math.abs(parts[key]! - value), key).toBeLessThanOrEqual(1e-12);
      }),
      { numRuns: 100 },
    );
  });

  it("rates stay in [0, 1] and losses at or above 0", () => {
    fc.assert(
      fc.property(caseArb, ({ taxonomy, labelled, options }) => {
        const ctx = scoringContext(taxonomy, { extra: options });
        const measures = flattenMeasures(new ScoreAccumulator(ctx, families).update(prepared(ctx, labelled, false)).compute());
        for (const info of MEASURE_REGISTRY) {
          if (!(info.key in measures)) continue;
          expect(measures[info.key]!, info.key).toBeGreaterThanOrEqual(info.range[0]);
          expect(measures[info.key]!, info.key).toBeLessThanOrEqual(info.range[1] + 1e-12);
        }
      }),
      { numRuns: 150 },
    );
  });
});
