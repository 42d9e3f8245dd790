import { InputError } from "../../errors/input-error.ts";
import { defineFamily, type StatSink, type UndefinedMeasures } from "../../scoring/measure-family.ts";
import type { ScoringContext } from "../../scoring/scoring-context.ts";
import { statisticSlots } from "../../scoring/statistic-slots.ts";
import { undefinedMeasuresOf } from "../../scoring/zero-division.ts";
import { countRates, type CountRates } from "../per-level/count-rates.ts";
import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { countConfusion, predictionLevelLabels } from "./descendant-counts.ts";
import { NodeCounts } from "./node-counts.ts";
import { COPHE_MEASURES } from "./cophe-measures.ts";
import { COPHE_GLOSSARY } from "./cophe-glossary.ts";

// Layout: per level k = depth − 1, the three counts for CoPHE, then
// three for the set-based twin, then the three leaf-only counts.
const COUNTS = statisticSlots("tp", "fp", "fn");
const { tp: TP, fp: FP, fn: FN } = COUNTS.at;
const COPHE = 0;
const SET = 1;

/** Options of the `cophe` family, from `extra.cophe`. */
export interface CopheOptions {
  /** Levels, counted from the deepest, that the overall result sums (default: all). */
  readonly levels: number;
}

/**
 * Reads `extra.cophe`: `{ levels: N }`, an integer in 1..maxDepth (default maxDepth).
 *
 * @example
 * copheOptions(scoringContext(taxonomy, { extra: { cophe: { levels: 2 } } })); // { levels: 2 }
 */
export function copheOptions(ctx: ScoringContext): CopheOptions {
  const raw = ctx.options.extra.cophe as { levels?: unknown } | undefined;
  const maxDepth = ctx.taxonomy.maxDepth;
  if (raw === undefined || raw.levels === undefined) return { levels: maxDepth };
  const levels = raw.levels;
  if (typeof levels !== "number" || !Number.isInteger(levels) || levels < 1 || levels > maxDepth) {
    throw new InputError(
      "BAD_OPTION",
      `expected cophe.levels to be an integer from 1 to ${maxDepth} (the taxonomy's depth), got ${JSON.stringify(levels)}`,
    );
  }
  return { levels };
}

/**
 * Name of a depth level as in the CoPHE paper: depth 1 (top level) is `e0`, depth 3 is `e2`.
 *
 * @example
 * levelKey(3); // "e2"
 */
export function levelKey(depth: number): string {
  return `e${depth - 1}`;
}

/** `levelKey(depth)` and the suffix `levels.<key>` of its undefined measures' names, made once per depth: a reduce runs per resample. */
const levelNames: { key: string; suffix: string }[] = [];

function levelName(depth: number): { key: string; suffix: string } {
  for (let d = levelNames.length; d <= depth; d++) levelNames.push({ key: levelKey(d), suffix: `levels.${levelKey(d)}` });
  return levelNames[depth]!;
}

/**
 * CoPHE, the count-preserving hierarchical evaluation of "CoPHE: A
 * Count-Preserving Hierarchical Evaluation Metric in Large-Scale Multi-Label
 * Text Classification" (Falis et al., 2021), with its set-based twin and the
 * leaf-only baseline of its Table 1.
 *
 * Per document, the prediction-level labels (labels with none of the
 * document's other labels below them) are augmented upwards: x_c and y_c
 * count the predicted and true prediction-level labels at or below class c.
 * Every class c sits on the level of its depth (shortest, from the root).
 * - CoPHE: TP_c = min(x_c, y_c), FP_c = max(x_c − y_c, 0), FN_c = max(y_c − x_c, 0);
 * - set-based: the same with x_c, y_c replaced by [x_c > 0], [y_c > 0];
 * - leaf-only: flat TP/FP/FN of the prediction-level labels.
 * Counts are micro-summed per level (`levels.e{depth−1}`, deepest first) and
 * over the `cophe.levels` deepest levels (`overall`);
 * P = TP/(TP+FP), R = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN).
 *
 * @example
 * const result = evaluate({ taxonomy, gold, pred, metrics: ["cophe"], extra: { cophe: { levels: 2 } } });
 * result.cophe.overall.f1; result.cophe.levels.e1.fp; result.cophe.setBased.overall.f1; result.cophe.leafOnly.f1;
 */
export const copheFamily = defineFamily({
  id: "cophe",
  statistics: "integers",
  measures: COPHE_MEASURES,
  glossary: COPHE_GLOSSARY,
  parseOptions: copheOptions,
  width: (ctx) => 2 * COUNTS.width * ctx.taxonomy.maxDepth + COUNTS.width,
  count(doc, ctx, sink) {
    const taxonomy = ctx.taxonomy;
    const depthCount = taxonomy.maxDepth;
    const depth = taxonomy.depth;
    const gold = predictionLevelLabels(taxonomy, doc.goldLabels);
    const predicted = predictionLevelLabels(taxonomy, doc.predictedLabels);
    // x_c and y_c as `descendantCounts` gives them, in tables made once per taxonomy
    const { x, y } = countTables(taxonomy);
    y.countUp(taxonomy, gold);
    x.countUp(taxonomy, predicted);
    for (let i = 0; i < x.length; i++) {
      const node = x.node(i);
      const xc = x.of(node);
      const yc = y.of(node);
      const { tp, fp, fn } = countConfusion(xc, yc);
      addCounts(sink, COPHE, depthCount, depth[node]!, tp, fp, fn);
      addCounts(sink, SET, depthCount, depth[node]!, yc > 0 ? 1 : 0, yc > 0 ? 0 : 1, 0);
    }
    for (let i = 0; i < y.length; i++) {
      const node = y.node(i);
      if (x.of(node) > 0) continue;
      addCounts(sink, COPHE, depthCount, depth[node]!, 0, 0, y.of(node));
      addCounts(sink, SET, depthCount, depth[node]!, 0, 0, 1);
    }
    x.reset();
    y.reset();
    countLeafOnly(gold, predicted, sink, 2 * COUNTS.width * depthCount);
  },
  reduce(sums, _documents, ctx, options) {
    const u = undefinedMeasuresOf(ctx);
    const depthCount = ctx.taxonomy.maxDepth;
    const { levels } = options;
    const cophe = countView(sums, COPHE, "", depthCount, levels, u);
    const setBased = countView(sums, SET, "setBased.", depthCount, levels, u);
    const leaf = 2 * COUNTS.width * depthCount;
    const overallLevels: string[] = [];
    for (let depth = depthCount; depth > depthCount - levels; depth--) overallLevels.push(levelKey(depth));
    return {
      levels: cophe.levels,
      overall: cophe.overall,
      overallLevels,
      setBased,
      leafOnly: countRates(sums[leaf + TP]!, sums[leaf + FP]!, sums[leaf + FN]!, "leafOnly", u),
      undefined: u.names,
    };
  },
});

/**
 * One view's (`COPHE` or `SET`) rates per level, deepest first, and overall over the `levels`
 * deepest; undefined measures are listed under `name` (`""` or `"setBased."`).
 */
function countView(sums: Float64Array, v: number, name: string, depthCount: number, levels: number, u: UndefinedMeasures) {
  const perLevel: Record<string, CountRates> = {};
  let tpSum = 0;
  let fpSum = 0;
  let fnSum = 0;
  for (let depth = depthCount; depth >= 1; depth--) {
    const base = COUNTS.width * (v * depthCount + depth - 1);
    const tp = sums[base + TP]!;
    const fp = sums[base + FP]!;
    const fn = sums[base + FN]!;
    const { key, suffix } = levelName(depth);
    perLevel[key] = countRates(tp, fp, fn, name, u, suffix);
    if (depth > depthCount - levels) {
      tpSum += tp;
      fpSum += fp;
      fnSum += fn;
    }
  }
  return { levels: perLevel, overall: countRates(tpSum, fpSum, fnSum, name, u, "overall") };
}

const tables = new WeakMap<Taxonomy, { readonly x: NodeCounts; readonly y: NodeCounts }>();

/** The taxonomy's two count tables, predicted (x) and true (y), made on first use. */
function countTables(taxonomy: Taxonomy): { readonly x: NodeCounts; readonly y: NodeCounts } {
  let found = tables.get(taxonomy);
  if (!found) tables.set(taxonomy, (found = { x: new NodeCounts(taxonomy.nodeCount), y: new NodeCounts(taxonomy.nodeCount) }));
  return found;
}

/** A class's TP, FP and FN, added to its level in the given view (those that are not 0). */
function addCounts(sink: StatSink, view: number, depthCount: number, depth: number, tp: number, fp: number, fn: number): void {
  const base = COUNTS.width * (view * depthCount + depth - 1);
  if (tp) sink.add(base + TP, tp);
  if (fp) sink.add(base + FP, fp);
  if (fn) sink.add(base + FN, fn);
}

function countLeafOnly(gold: readonly number[], predicted: readonly number[], sink: StatSink, base: number): void {
  let tp = 0;
  for (const label of predicted) if (gold.includes(label)) tp += 1;
  if (tp) sink.add(base + TP, tp);
  if (predicted.length - tp) sink.add(base + FP, predicted.length - tp);
  if (gold.length - tp) sink.add(base + FN, gold.length - tp);
}
