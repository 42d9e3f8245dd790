import type { GlossaryEntry, MeasureInfo } from "./measure-info.ts";
import type { PreparedDocument } from "./prepared-document.ts";
import type { ScoringContext } from "./scoring-context.ts";
import type { StatisticSlots } from "./statistic-slots.ts";

/** Where a family writes one document's additive statistics (indices relative to the family). */
export interface StatSink {
  add(index: number, value: number): void;
}

/**
 * What a family's per-document statistics are, which decides how shards merge
 * them exactly (to the bit) into what `evaluate` sums in one pass:
 * - `integers`: every value `count` writes is an integer, so any partial sums
 *   (below 2^53) are exact and shards may add them in any order;
 * - `reals`: some values are not integers, and floating-point addition is not
 *   associative, so a merge adds them document by document in gold order, the
 *   order of `evaluate`'s own sum.
 * A shared property test checks every `integers` family never writes anything else.
 */
export type StatisticsKind = "integers" | "reals";

/**
 * A family of measures as a pipeline "count → reduce" over per-document
 * statistics that add up: `count` writes one document's statistics as sparse
 * additions to a vector of `width` entries; `reduce` turns the summed vector
 * into measures, a result of type `R`. Sharding, merging and bootstrap
 * resampling all follow from vector addition. Declare one with `defineFamily`.
 */
export interface MeasureFamily<O = unknown, R extends FamilyResult = FamilyResult> {
  /** Key of the family's result in an evaluation, e.g. `hc`. */
  readonly id: string;
  /** How its statistics merge across shards (see `StatisticsKind`). */
  readonly statistics: StatisticsKind;
  /** Its fixed statistics by name, ahead of any sized blocks (see `statisticSlots`). */
  readonly slots?: StatisticSlots;
  /** Its registry entries (direction, range, best value, source), kept in the family's folder. */
  readonly measures: readonly MeasureInfo[];
  /** The glossary text of each of its measures, by registry key (a test fails for a measure without one). */
  readonly glossary: Readonly<Record<string, GlossaryEntry>>;
  /**
   * Reads and checks the family's own options (its entry of `ctx.options.extra`) into a typed
   * object, or throws a BAD_OPTION InputError. Called once per context (`familyOptions`); `count`
   * and `reduce` receive the result. Absent for a family without options.
   */
  parseOptions?(ctx: ScoringContext): O;
  width(ctx: ScoringContext): number;
  count(doc: PreparedDocument, ctx: ScoringContext, sink: StatSink, options: O): void;
  /**
   * `measuresOnly` is true when the caller reads the registered measures alone (each resample of a
   * bootstrap, each leave-one-out sum of a jackknife): the reduce may then leave out what is no
   * measure, such as the soft family's sweep points, which would be made thousands of times over.
   */
  reduce(sums: Float64Array, documents: number, ctx: ScoringContext, options: O, measuresOnly?: boolean): R;
}

/** A family as declared: `width` may be left out when the named `slots` are all its statistics. */
export type FamilyDeclaration<O, R extends FamilyResult> = Omit<MeasureFamily<O, R>, "width"> & {
  width?(ctx: ScoringContext): number;
};

/**
 * A family from its declaration, its options and result types inferred from `parseOptions` and
 * `reduce`; the width defaults to the number of named slots.
 *
 * @example
 * const slots = statisticSlots("errors");
 * const errorFamily = defineFamily({
 *   id: "errors", statistics: "integers", slots, measures: [], glossary: {},
 *   count: (doc, _ctx, sink) => sink.add(slots.at.errors, doc.goldLabels.length === 0 ? 1 : 0),
 *   reduce: (sums, documents) => ({ errorRate: sums[slots.at.errors]! / documents }),
 * });
 * // errorFamily.width(ctx) === 1; errorFamily.reduce(…).errorRate is a number
 */
export function defineFamily<O = unknown, R extends FamilyResult = FamilyResult>(
  declaration: FamilyDeclaration<O, R>,
): MeasureFamily<O, R> {
  const { slots, width } = declaration;
  if (width) return { ...declaration, width };
  if (!slots) throw new Error(`measure family ${declaration.id}: give its slots or its width`);
  return { ...declaration, width: () => slots.width };
}

const parsedOptions = new WeakMap<ScoringContext, Map<MeasureFamily, unknown>>();

/**
 * A family's parsed options for a context, parsed on first use and kept with the context (a
 * context's options never change), so no family reads its raw options per document.
 */
export function familyOptions<O>(family: MeasureFamily<O>, ctx: ScoringContext): O {
  let byFamily = parsedOptions.get(ctx);
  if (!byFamily) parsedOptions.set(ctx, (byFamily = new Map()));
  if (!byFamily.has(family)) byFamily.set(family, family.parseOptions?.(ctx));
  return byFamily.get(family) as O;
}

/**
 * A family's result: nested plain JSON, with `undefined` listing the measures
 * whose denominator was 0 and those computed from such a measure.
 */
export type FamilyResult = { [key: string]: unknown };

/**
 * The measures of one reduce that are undefined, and the number a zero
 * denominator gives there: the zeroDivision value (0, 1 or NaN; see
 * `undefinedMeasuresOf`). A value computed from an undefined measure is
 * computed from that number, so NaN carries through.
 */
export class UndefinedMeasures {
  readonly names: string[] = [];
  constructor(readonly value: number = 0) {}

  /** Lists measures by their dotted path in the family's result. */
  add(...names: string[]): void {
    this.names.push(...names);
  }

  has(name: string): boolean {
    return this.names.includes(name);
  }
}

/** numerator / denominator, or the zero-division value when the denominator is 0 (the measure is then listed). */
export function safeRatio(numerator: number, denominator: number, name: string, undefinedMeasures: UndefinedMeasures): number {
  if (denominator === 0) {
    undefinedMeasures.add(name);
    return undefinedMeasures.value;
  }
  return numerator / denominator;
}
