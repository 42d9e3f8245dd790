import { measureInfo } from "../engine/measure-registry.ts";
import { pairedTest, type PairedTestMethod } from "./paired-test.ts";
import type { RecordedStatistics } from "./recorded-statistics.ts";
import { checkOpenUnit, checkSeed, measureValue } from "./resample-options.ts";

export interface NamedStatistics {
  readonly name: string;
  readonly statistics: RecordedStatistics;
}

export interface TiedGroupsOptions {
  /** Significance level (default 0.05): neighbours with p ≥ alpha are tied. */
  readonly alpha?: number;
  readonly method?: PairedTestMethod;
  readonly resamples?: number;
  /** Default 1; the test of the i-th neighbour pair uses seed + i. */
  readonly seed?: number;
}

export interface NeighbourComparison {
  readonly better: string;
  readonly worse: string;
  readonly difference: number;
  readonly pValue: number;
  readonly tied: boolean;
}

export interface TiedGroups {
  readonly measure: string;
  readonly alpha: number;
  readonly method: PairedTestMethod;
  readonly resamples: number;
  /** Best first; each group a run of neighbours none of which differs significantly from the one above. */
  readonly groups: string[][];
  /** Submissions best first, with their value and 1-based group number. */
  readonly ranking: { name: string; value: number; group: number }[];
  readonly comparisons: NeighbourComparison[];
}

/**
 * Groups of "statistically tied" submissions under one measure: the
 * submissions are ordered best first (by the measure's registered
 * direction, higher by default; ties keep the given order), each is tested
 * against the one directly above it with `pairedTest`, and it joins that
 * neighbour's group when p ≥ α. Groups are therefore chains: A ~ B and B ~ C
 * put A, B and C together even if A and C would differ. The leaderboard's
 * "tied with the team above" mark is exactly this neighbour test.
 *
 * Source: the paired tests of `pairedTest` (Noreen; Koehn); the grouping is
 * the leaderboard's "tied with the team above" rule, not a multiple-testing
 * procedure, so α is per neighbour pair.
 *
 * @example
 * tiedGroups([{ name: "A", statistics: a }, { name: "B", statistics: b }, { name: "C", statistics: c }], "hc.f1", { alpha: 0.05 });
 * // { groups: [["A", "B"], ["C"]], comparisons: [{ better: "A", worse: "B", pValue: 0.41, tied: true }, …], … }
 */
export function tiedGroups(submissions: readonly NamedStatistics[], measure: string, options: TiedGroupsOptions = {}): TiedGroups {
  const alpha = checkOpenUnit("a significance level alpha", options.alpha ?? 0.05);
  const seed = checkSeed(options.seed ?? 1);
  const method = options.method ?? "randomization";
  const resamples = options.resamples ?? 1000;
  const direction = measureInfo(measure)?.direction ?? "higher";
  const scored = submissions.map((s, i) => ({
    ...s,
    i,
    value: measureValue(s.statistics.accumulator.compute(s.statistics.total()), measure),
  }));
  scored.sort((p, q) => (direction === "higher" ? q.value - p.value : p.value - q.value) || p.i - q.i);
  const groups: string[][] = [];
  const ranking: TiedGroups["ranking"] = [];
  const comparisons: NeighbourComparison[] = [];
  scored.forEach((current, position) => {
    const above = scored[position - 1];
    let tied = false;
    if (above) {
      const test = pairedTest(above.statistics, current.statistics, measure, { method, resamples, seed: seed + position });
      tied = test.pValue >= alpha;
      comparisons.push({ better: above.name, worse: current.name, difference: test.difference, pValue: test.pValue, tied });
    }
    if (tied) groups[groups.length - 1]!.push(current.name);
    else groups.push([current.name]);
    ranking.push({ name: current.name, value: current.value, group: groups.length });
  });
  return { measure, alpha, method, resamples, groups, ranking, comparisons };
}
