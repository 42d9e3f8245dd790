import type { FamilyResult } from "../scoring/measure-family.ts";
import type { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import { measureValue } from "./resample-options.ts";

/**
 * Measures read from one sums vector that is refilled between reads (a bootstrap's resamples):
 * each family a requested measure belongs to is reduced once per read, through a reducer made
 * once for the vector (`ScoreAccumulator.familyReducer`), so that a read makes no view of the
 * vector nor a closure, and a family no requested measure belongs to is not reduced.
 */
export class ResampleMeasures {
  readonly #reducers: (() => FamilyResult)[] = [];
  /** By reducer: the measures it gives, as their places in `keyParts`. */
  readonly #measures: number[][] = [];
  /** By reducer: those measures' keys within the family. */
  readonly #keys: (readonly string[])[][] = [];

  /** `keyParts`: the measures' keys split at the dots (`["hc", "f1"]`), each of a family of `accumulator`. */
  constructor(accumulator: ScoreAccumulator, sums: Float64Array, keyParts: readonly (readonly string[])[]) {
    accumulator.families.forEach((family, f) => {
      const measures = keyParts.flatMap((parts, k) => (parts[0] === family.id ? [k] : []));
      if (measures.length === 0) return;
      this.#reducers.push(accumulator.familyReducer(f, sums, true));
      this.#measures.push(measures);
      this.#keys.push(measures.map((k) => keyParts[k]!.slice(1)));
    });
  }

  /** Reduces the vector as it stands; measure k's value (NaN when not a number) goes to `columns[k][at]`. */
  readInto(columns: readonly Float64Array[], at: number): void {
    for (let r = 0; r < this.#reducers.length; r++) {
      const result = this.#reducers[r]!();
      const measures = this.#measures[r]!;
      const keys = this.#keys[r]!;
      for (let i = 0; i < measures.length; i++) columns[measures[i]!]![at] = measureValue(result, keys[i]!);
    }
  }
}
