/** What a leaderboard, a ranking and a property test need to know about one measure. */
export interface MeasureInfo {
  /** Dotted key in an evaluation, e.g. `hc.f1` (see `flattenMeasures`). */
  readonly key: string;
  /** Short display name, e.g. `HC-F1`. */
  readonly label: string;
  readonly family: string;
  readonly direction: "higher" | "lower";
  /** Inclusive bounds; `Infinity` where unbounded. */
  readonly range: readonly [number, number];
  /** The value of a perfect prediction, when the measure has one. */
  readonly best?: number;
  /** `scores` for measures that need soft predictions. */
  readonly inputs: "labels" | "scores";
  /** Title of the paper (or scorer) the definition comes from. */
  readonly source: string;
}

/** What the glossary, the hover hints and `hierboard measures` say about one registry measure. */
export interface GlossaryEntry {
  /** One short sentence, for a hover hint on a board header or a report row. */
  readonly short: string;
  /** One paragraph: what is counted, and what the value means. */
  readonly definition: string;
  /** The formula in TeX (rendered with KaTeX on the web, printed as is by the CLI). */
  readonly formula: string;
}

const unit = [0, 1] as const;

/** Builds the common case: a rate in [0, 1] where higher is better and 1 is perfect. */
export function rate(key: string, label: string, family: string, source: string): MeasureInfo {
  return { key, label, family, direction: "higher", range: unit, best: 1, inputs: "labels", source };
}
