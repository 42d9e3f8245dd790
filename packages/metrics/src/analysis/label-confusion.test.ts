import { describe, expect, it } from "vitest";
import { parseLabelText } from "../labels/parse-label-text.ts";
import { evaluate } from "../engine/evaluate.ts";
import { taxonomyOf } from "../measures/testing/family-test-kit.ts";
import { recordEvaluation } from "../uncertainty/recorded-statistics.ts";
import { labelConfusion, labelConfusionOfRecording } from "./label-confusion.ts";

// root → Arts → Music, Arts → Film; root → Science → Physics
const taxonomy = taxonomyOf([
  [null, "Arts"],
  [null, "Science"],
  ["Arts", "Music"],
  ["Arts", "Film"],
  ["Science", "Physics"],
]);
const read = (text: string, role: "gold" | "prediction") => parseLabelText(text, { taxonomy, role, fileName: `${role}.tsv` });
const gold = read("d1\tArts\tMusic\nd2\tScience\nd3\tArts\tFilm\nd4\tScience\tPhysics\n", "gold");
const pred = read("d1\tArts\nd2\tArts\nd3\tArts\tMusic\nd4\tScience\n", "prediction");

describe("labelConfusion", () => {
  it("counts TP, FP and FN per label as written, and ranks the over- and under-predicted labels", () => {
    const result = labelConfusion({ taxonomy, gold, pred, limit: 2 });
    expect(result.labels).toEqual([
      { label: "Arts", depth: 1, tp: 2, fp: 1, fn: 0 },
      { label: "Film", depth: 2, tp: 0, fp: 0, fn: 1 },
      { label: "Music", depth: 2, tp: 0, fp: 1, fn: 1 },
      { label: "Physics", depth: 2, tp: 0, fp: 0, fn: 1 },
      { label: "Science", depth: 1, tp: 1, fp: 0, fn: 1 },
    ]);
    // FP ties (Arts 1, Music 1) keep name order; FN ties (four labels at 1) too, cut to the limit.
    expect(result.overPredicted.map((l) => l.label)).toEqual(["Arts", "Music"]);
    expect(result.underPredicted.map((l) => l.label)).toEqual(["Film", "Music"]);
  });

  it("sums to the flat family's micro counts", () => {
    const { labels } = labelConfusion({ taxonomy, gold, pred });
    const micro = (evaluate({ taxonomy, gold, pred }).flat as { micro: { tp: number; fp: number; fn: number } }).micro;
    const sum = (key: "tp" | "fp" | "fn") => labels.reduce((total, l) => total + l[key], 0);
    expect({ tp: sum("tp"), fp: sum("fp"), fn: sum("fn") }).toEqual({ tp: micro.tp, fp: micro.fp, fn: micro.fn });
  });

  it("treats a missing document as an empty prediction, so its gold labels are all under-predicted", () => {
    const partial = read("d1\tArts\tMusic\n", "prediction");
    const result = labelConfusion({ taxonomy, gold, pred: partial });
    expect(result.overPredicted).toEqual([]);
    expect(result.underPredicted[0]).toEqual({ label: "Science", depth: 1, tp: 0, fp: 0, fn: 2 });
  });

  it("is the same from a stored recording of the flat family as from the files", () => {
    const recorded = recordEvaluation({ taxonomy, gold, pred });
    expect(labelConfusionOfRecording(recorded, { limit: 2 })).toEqual(labelConfusion({ taxonomy, gold, pred, limit: 2 }));
    expect(() => labelConfusionOfRecording(recorded.restrict("hc"))).toThrow(/expected a recording with the flat family, got families hc/);
  });
});
