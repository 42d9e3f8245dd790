import { kendallTauB, measureInfo, rankWithTies } from "@hierboard/metrics";
import { measureLabel } from "../scoring/measure-catalogue.ts";
import type { LeaderboardMeasure, LeaderboardRow, SideBySide } from "./board-types.ts";

/**
 * The measures of the side-by-side view: HC, flat and set-based hP/hR families, the LCA and CoPHE
 * measures. Every one is stored for every scored submission (the worker scores all families).
 */
export const SIDE_BY_SIDE_MEASURES = [
  "hc.f1",
  "hc.mcc",
  "flat.micro.f1",
  "flat.subsetAccuracy",
  "hierarchical.f1",
  "lca.f1",
  "cophe.overall.f1",
] as const;

export function boardMeasure(key: string): LeaderboardMeasure {
  return { key, label: measureLabel(key), higherIsBetter: (measureInfo(key)?.direction ?? "higher") === "higher" };
}

/**
 * Ranks the ranked (non-baseline) rows under each measure with competition ranks (ties share,
 * undefined values last), and Kendall's τ-b between every pair of measures' values. τ-b is computed
 * on the ranks, so a lower-is-better measure agrees with a higher-is-better one when both order the
 * teams alike.
 */
export function measureRankings(rows: readonly LeaderboardRow[], measureKeys: readonly string[]): SideBySide {
  const ranked = rows.filter((row) => row.rank !== null);
  const measures = measureKeys.map(boardMeasure);
  const ranks = measures.map((m) =>
    rankWithTies(
      ranked.map((row) => row.scores[m.key]?.value ?? NaN),
      m.higherIsBetter ? "higher" : "lower",
    ),
  );
  const tau = measures.map((_, i) =>
    measures.map((__, j) => {
      const t = kendallTauB(ranks[i]!, ranks[j]!);
      return Number.isFinite(t) ? t : null;
    }),
  );
  return {
    measures,
    rows: ranked.map((row, r) => ({
      submissionId: row.submissionId,
      teamName: row.teamName,
      primaryRank: row.rank!,
      ranks: Object.fromEntries(measures.map((m, i) => [m.key, Number.isFinite(row.scores[m.key]?.value ?? NaN) ? ranks[i]![r]! : null])),
    })),
    tau,
  };
}
