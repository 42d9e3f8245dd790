import type { PreparedDocument } from "./prepared-document.ts";
import type { ScoringContext } from "./scoring-context.ts";

/** Where a family writes one document's additive statistics (indices relative to the family). */
export interface StatSink {
  add(index: number, value: number): void;
}

/**
 * A family of measures as a pipeline "count → reduce" over per-document
 * statistics that add up: `count` writes one document's statistics as sparse
 * additions to a vector of `width` entries; `reduce` turns the summed vector
 * into measures. Sharding, merging and bootstrap resampling all follow from
 * vector addition.
 */
export interface MeasureFamily {
  /** Key of the family's result in an evaluation, e.g. `hc`. */
  readonly id: string;
  width(ctx: ScoringContext): number;
  count(doc: PreparedDocument, ctx: ScoringContext, sink: StatSink): void;
  reduce(sums: Float64Array, documents: number, ctx: ScoringContext): FamilyResult;
}

/** A family's result: nested plain JSON, with `undefined` listing measures whose denominator was 0. */
export type FamilyResult = { [key: string]: unknown };

/** A ratio whose zero denominator gives 0 and is recorded as undefined. */
export function safeRatio(numerator: number, denominator: number, name: string, undefinedMeasures: string[]): number {
  if (denominator === 0) {
    undefinedMeasures.push(name);
    return 0;
  }
  return numerator / denominator;
}
