import { neutraliseCsvCell } from "../leaderboard/neutralise-csv-cell.ts";
import { escapeLatex } from "../paper/escape-latex.ts";
import type { NodeHeatMap } from "./node-heat-map.ts";

const rate = (v: number | null) => (v === null ? "" : v.toFixed(4));

/** The heat map as CSV: one row per node, one F1 column per team. */
export function nodeHeatMapCsv(map: NodeHeatMap): string {
  const head = ["node", "depth", "support", ...map.teams.map((t) => t.name), "mean_f1"].map(neutraliseCsvCell);
  const rows = map.nodes.map((n) => [neutraliseCsvCell(n.label), n.depth, n.support, ...n.f1.map(rate), rate(n.meanF1)].join(","));
  return `${[head.join(","), ...rows].join("\n")}\n`;
}

/** The `limit` hardest nodes (lowest mean F1 over the teams) as a booktabs LaTeX table for an overview paper. */
export function nodeHeatMapLatex(map: NodeHeatMap, limit = 15): string {
  const hardest = map.nodes
    .filter((n) => n.meanF1 !== null)
    .sort((a, b) => a.meanF1! - b.meanF1! || b.support - a.support)
    .slice(0, limit);
  const lines = [
    `\\begin{tabular}{l r ${map.teams.map(() => "r").join(" ")} r}`,
    "\\toprule",
    `Node & Support & ${map.teams.map((t) => escapeLatex(t.name)).join(" & ")} & Mean \\\\`,
    "\\midrule",
    ...hardest.map(
      (n) =>
        `${escapeLatex(n.label)} & ${n.support} & ${n.f1.map((v) => (v === null ? "--" : v.toFixed(3))).join(" & ")} & ${n.meanF1!.toFixed(3)} \\\\`,
    ),
    "\\bottomrule",
    "\\end{tabular}",
  ];
  return `${lines.join("\n")}\n`;
}
