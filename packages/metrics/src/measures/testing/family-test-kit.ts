import type { DocumentLabels } from "../../labels/label-file.ts";
import { scoringContext } from "../../scoring/scoring-context.ts";
import type { FamilyResult, MeasureFamily } from "../../scoring/measure-family.ts";
import { PreparedDocument } from "../../scoring/prepared-document.ts";
import { ScoreAccumulator } from "../../scoring/score-accumulator.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { buildTaxonomy } from "../../taxonomy/build-taxonomy.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";

/**
 * Small helpers for the unit tests of measure families: a taxonomy from
 * `[parent, child]` name pairs (`null` = under the root) and documents from
 * label names, scored through the real accumulator.
 */
export function taxonomyOf(edges: readonly (readonly [string | null, string])[]): Taxonomy {
  return buildTaxonomy(edges.map(([parent, child], i) => ({ parent, child, line: i + 1 })));
}

/**
 * A small DAG for property tests: two top-level nodes, d under both a and b, depth 4
 * (root → a → c → e → g), so distances are shortest up-down paths, not a tree metric.
 */
export const SMALL_DAG_EDGES: readonly (readonly [string | null, string])[] = [
  [null, "a"],
  [null, "b"],
  ["a", "c"],
  ["a", "d"],
  ["b", "d"],
  ["c", "e"],
  ["d", "f"],
  ["e", "g"],
];

/** Node ids of label names; throws on an unknown name so a typo fails the test loudly. */
export function idsOf(taxonomy: Taxonomy, names: readonly string[]): number[] {
  return names.map((name) => {
    const id = taxonomy.id(name);
    if (id === undefined) throw new Error(`unknown label ${name}`);
    return id;
  });
}

export interface NamedDocument {
  readonly gold: readonly string[];
  readonly pred: readonly string[];
}

/** Prepared documents of named labels, ids `d0`, `d1`, …. */
export function prepare(ctx: ScoringContext, docs: readonly NamedDocument[]): PreparedDocument[] {
  return docs.map((doc, i) => {
    const gold: DocumentLabels = { id: `d${i}`, line: i + 1, labels: idsOf(ctx.taxonomy, doc.gold) };
    const pred: DocumentLabels = { id: `d${i}`, line: i + 1, labels: idsOf(ctx.taxonomy, doc.pred) };
    return new PreparedDocument(gold, pred, ctx);
  });
}

/** Scores named documents with one family and returns its reduced result. */
export function scoreWith(
  family: MeasureFamily,
  taxonomy: Taxonomy,
  docs: readonly NamedDocument[],
  options: { beta?: number; extra?: Record<string, unknown> } = {},
): FamilyResult {
  const ctx = scoringContext(taxonomy, options);
  const accumulator = new ScoreAccumulator(ctx, [family]).update(prepare(ctx, docs));
  return accumulator.compute()[family.id] as FamilyResult;
}
