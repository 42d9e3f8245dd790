import { evaluate, measureValue, parseLabelText, parseTaxonomy, rankWithTies } from "@hierboard/metrics";
import type { DemoData } from "./generate-demo.ts";

/** The measures whose rankings the demo is built to pull apart. */
export const DEMO_MEASURES = ["hc.f1", "flat.micro.f1", "flat.subsetAccuracy", "hierarchical.f1"] as const;

export interface DemoScores {
  readonly measures: readonly string[];
  /** One row per team, in the demo's team order. */
  readonly rows: readonly { readonly team: string; readonly values: readonly number[]; readonly ranks: readonly number[] }[];
}

/**
 * Scores every demo team with the engine and ranks them under each measure
 * (1 = best, ties share a rank). This is what the side-by-side board shows.
 *
 * @example
 * const { rows } = scoreDemo(generateDemo());
 * rows[0].ranks[0]; // Kestrel's rank under hc.f1: 1
 */
export function scoreDemo(demo: DemoData, measures: readonly string[] = DEMO_MEASURES): DemoScores {
  const taxonomy = parseTaxonomy(demo.taxonomyTsv, { fileName: "taxonomy.tsv" });
  const gold = parseLabelText(demo.goldTsv, { taxonomy, role: "gold", fileName: "gold.tsv" });
  const values = demo.teams.map((team) => {
    const pred = parseLabelText(team.content, { taxonomy, role: "prediction", fileName: team.fileName });
    const result = evaluate({ taxonomy, gold, pred });
    return measures.map((key) => measureValue(result, key));
  });
  const ranks = measures.map((_, m) =>
    rankWithTies(
      values.map((row) => row[m]!),
      "higher",
    ),
  );
  return {
    measures,
    rows: demo.teams.map((team, t) => ({ team: team.name, values: values[t]!, ranks: ranks.map((column) => column[t]!) })),
  };
}
