import { describe, expect, it } from "vitest";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import { MEASURE_FAMILIES } from "../engine/measure-families.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { recordStatistics, recordStatisticsYielding } from "./recorded-statistics.ts";

describe("recordStatisticsYielding", () => {
  it("records exactly what recordStatistics records, across batch boundaries", async () => {
    const taxonomy = parseTaxonomy("A\tB\nA\tC\nB\tD\n\tE\n");
    const labels = ["B", "C", "D", "E", "A"];
    const gold = parseLabelText(Array.from({ length: 25 }, (_, i) => `d${i}\t${labels[i % 5]}`).join("\n"), { taxonomy, role: "gold" });
    const pred = parseLabelText(Array.from({ length: 25 }, (_, i) => `d${i}\t${labels[(i * 3) % 5]}`).join("\n"), {
      taxonomy,
      role: "prediction",
    });
    const ctx = scoringContext(taxonomy);
    const whole = recordStatistics(new ScoreAccumulator(ctx, MEASURE_FAMILIES), prepareDocuments(ctx, gold, pred));
    const yielding = await recordStatisticsYielding(new ScoreAccumulator(ctx, MEASURE_FAMILIES), prepareDocuments(ctx, gold, pred), 4);
    expect(yielding.documents).toBe(25);
    expect([...yielding.total()]).toEqual([...whole.total()]);
    expect(yielding.accumulator.compute(yielding.total())).toEqual(whole.accumulator.compute(whole.total()));
  });
});
