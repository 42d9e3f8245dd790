import type { LabelFile, Taxonomy } from "@hierboard/metrics";
import type { ScoringSetup } from "@hierboard/platform";

/** A scoring setup without a database: what loadScoringSetup gives for a plain subtask. */
export function benchSetup(taxonomy: Taxonomy, gold: LabelFile, bootstrap = 0): ScoringSetup {
  return {
    subtask: {
      id: "bench",
      maxDepth: null,
      section: null,
      unknownLabels: "error",
      missingDocuments: "empty",
      measuresShown: [],
      bootstrap,
      primaryMeasure: "hc.f1",
      maxLabelsPerDocument: 1000,
      cafa: null,
    },
    taxonomy,
    taxonomyHash: "bench",
    gold,
    goldVersion: 1,
    goldHash: "bench",
  };
}
