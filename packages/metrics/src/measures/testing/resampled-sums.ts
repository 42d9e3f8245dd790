import type { ZeroDivision } from "../../scoring/zero-division.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import { recordEvaluation, type RecordedStatistics } from "../../uncertainty/recorded-statistics.ts";
import { seededRandom } from "../../uncertainty/seeded-random.ts";
import { goldFile, goldLeaves, noisyPrediction } from "../../uncertainty/uncertainty-fixture.ts";

/**
 * Test fixture (synthetic): the uncertainty fixture's tree A{A1,A2}, B{B1,B2}, C{C1,C2}, plus a
 * subtree D{D1} that no document names, with 30 documents scored by `families`. A macro average
 * over its labels or classes then has some the full sample never observes, and many that a
 * resample of few documents does not.
 */
export function recordedWithUnusedLabels(families: string[], zeroDivision: ZeroDivision): RecordedStatistics {
  const edges = ["A", "B", "C", "D"].flatMap((top) => [
    { parent: null, child: top },
    { parent: top, child: `${top}1` },
    ...(top === "D" ? [] : [{ parent: top, child: `${top}2` }]),
  ]);
  const taxonomy = buildTaxonomy(edges.map((e, i) => ({ ...e, line: i + 1 })));
  const leaves = goldLeaves(30, 5);
  return recordEvaluation({
    taxonomy,
    gold: goldFile(taxonomy, leaves),
    pred: noisyPrediction(taxonomy, leaves, 0.5, 6),
    metrics: families,
    zeroDivision,
  });
}

/**
 * Summed statistics of `count` resamples of `recorded`'s documents, each document drawn with a
 * random multiplicity 0–2 (0 half the time, so that rare labels go unobserved), seeded.
 */
export function resampledSums(recorded: RecordedStatistics, count: number, seed: number): Float64Array[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const sums = new Float64Array(recorded.width);
    for (let d = 0; d < recorded.documents; d++) {
      const weight = random() < 0.5 ? 0 : random() < 0.5 ? 1 : 2;
      if (weight > 0) recorded.addDocument(d, sums, weight);
    }
    return sums;
  });
}
