// Reads the parts of a stored score set's breakdown (the engine's evaluation, JSON) that the
// submission report charts. The breakdown is untyped JSON from the database, so every field is
// checked; a missing family gives an empty list rather than a crash.

export interface RateRow {
  /** Depth ("1", "2", …) or top-level category name. */
  group: string;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  tp: number;
  fp: number;
  fn: number;
}

export interface HcCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export interface PrPoint {
  threshold: number;
  precision: number;
  recall: number;
}

export interface ReportBreakdown {
  hc: HcCounts | null;
  /** Per depth, labels closed under ancestors (hP/hR restricted to the depth). */
  perLevel: RateRow[];
  /** Per top-level category, the same view. */
  perSubtree: RateRow[];
  /** The soft family's threshold sweep, only for a file with scores (a soft submission). */
  prCurve: PrPoint[];
  auprc: number | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

function rateRows(groups: unknown, view: "flat" | "augmented"): RateRow[] {
  if (!isObject(groups)) return [];
  return Object.entries(groups).flatMap(([group, value]) => {
    const rates = isObject(value) ? value[view] : undefined;
    if (!isObject(rates)) return [];
    return [
      {
        group,
        precision: num(rates.precision),
        recall: num(rates.recall),
        f1: num(rates.f1),
        tp: num(rates.tp) ?? 0,
        fp: num(rates.fp) ?? 0,
        fn: num(rates.fn) ?? 0,
      },
    ];
  });
}

export function readBreakdown(breakdown: unknown, view: "flat" | "augmented" = "augmented"): ReportBreakdown {
  const b = isObject(breakdown) ? breakdown : {};
  const hc = isObject(b.hc) ? b.hc : null;
  const perLevel = isObject(b.perLevel) ? rateRows(b.perLevel.levels, view) : [];
  perLevel.sort((x, y) => Number(x.group) - Number(y.group));
  const perSubtree = isObject(b.perSubtree) ? rateRows(b.perSubtree.subtrees, view) : [];
  const soft = isObject(b.soft) ? b.soft : null;
  const prCurve =
    soft?.input === "scores" && Array.isArray(soft.sweep)
      ? soft.sweep.flatMap((point): PrPoint[] => {
          if (!isObject(point)) return [];
          const threshold = num(point.threshold);
          const precision = num(point.precision);
          const recall = num(point.recall);
          // A threshold above every score predicts nothing: no point of the curve.
          if (threshold === null || precision === null || recall === null || (precision === 0 && recall === 0)) return [];
          return [{ threshold, precision, recall }];
        })
      : [];
  prCurve.sort((x, y) => x.recall - y.recall || y.precision - x.precision);
  return {
    hc: hc ? { tp: num(hc.tp) ?? 0, fp: num(hc.fp) ?? 0, fn: num(hc.fn) ?? 0, tn: num(hc.tn) ?? 0 } : null,
    perLevel,
    perSubtree,
    prCurve,
    auprc: soft?.input === "scores" ? num(soft.auprc) : null,
  };
}
