import type { LabelFile } from "../../labels/label-file.ts";
import { parseLabelText } from "../../labels/parse-label-text.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import type { PrPoint } from "./pr-curve.ts";

/** Test fixture (hand-made): the tree A{A1,A2}, B{B1,B2}. */
export function smallTree(): Taxonomy {
  const edges: [string | null, string][] = [
    [null, "A"],
    ["A", "A1"],
    ["A", "A2"],
    [null, "B"],
    ["B", "B1"],
    ["B", "B2"],
  ];
  return buildTaxonomy(edges.map(([parent, child], i) => ({ parent, child, line: i + 1 })));
}

/** Gold documents `d0, d1, …` from label lists. */
export function goldOf(taxonomy: Taxonomy, docs: readonly (readonly string[])[]): LabelFile {
  return parseLabelText(docs.map((labels, i) => [`d${i}`, ...labels].join("\t")).join("\n"), { taxonomy, role: "gold" });
}

/** Scored predictions `d0, d1, …` as JSON Lines. */
export function scoresOf(taxonomy: Taxonomy, docs: readonly Readonly<Record<string, number>>[]): LabelFile {
  return parseLabelText(docs.map((scores, i) => JSON.stringify({ id: `d${i}`, scores })).join("\n"), {
    taxonomy,
    role: "prediction",
    format: "jsonl",
  });
}

/** Reference: operating points from exact (score, positive) pairs, one per distinct score, descending. */
export function exactPoints(pairs: readonly (readonly [number, boolean])[]): PrPoint[] {
  const sorted = [...pairs].sort((a, b) => b[0] - a[0]);
  const points: PrPoint[] = [];
  let tp = 0;
  let fp = 0;
  sorted.forEach(([score, positive], i) => {
    if (positive) tp += 1;
    else fp += 1;
    if (i === sorted.length - 1 || sorted[i + 1]![0] !== score) points.push({ tp, fp });
  });
  return points;
}
