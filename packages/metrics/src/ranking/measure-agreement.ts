import type { Direction } from "./rank-with-ties.ts";

/** One measure's values over the same submissions, and which way it improves. */
export interface MeasureValues {
  readonly values: readonly number[];
  readonly direction: Direction;
}

/** Huang & Ling's degrees between two measures f and g, with the pair counts behind them. */
export interface MeasureAgreement {
  /** C = |R| / (|R| + |S|); `null` when no pair is strictly ordered by both. */
  readonly consistency: number | null;
  /** D = |P| / |Q| for f over g; |P| when |Q| = 0 (the paper's convention). */
  readonly discriminancy: number;
  /** E = |V| / |U|; `null` with fewer than two submissions. */
  readonly indifference: number | null;
  readonly counts: {
    readonly R: number;
    readonly S: number;
    readonly P: number;
    readonly Q: number;
    readonly V: number;
    readonly U: number;
  };
}

/**
 * Huang & Ling's degree of consistency, discriminancy and indifference of two
 * measures f and g over a set Ψ of submissions, as restated in section 4.6 of
 * "An Extensive Evaluation of Decision Tree-Based Hierarchical Multi-Label
 * Classification Methods and Performance Measures" (Cerri et al.), after
 * Huang & Ling, "Using AUC and accuracy in evaluating learning algorithms"
 * (2005). "f(a) > f(b)" reads "a is better than b under f", so a lower-is-
 * better measure is compared the other way round. Over unordered pairs
 * {a, b} of distinct submissions:
 *
 * - R: f and g order the pair the same way (both strictly); S: they order it
 *   oppositely. Consistency C = |R| / (|R| + |S|), symmetric in f and g.
 * - P: f orders the pair, g ties it; Q: g orders it, f ties it.
 *   Discriminancy of f over g, D = |P| / |Q|; when |Q| = 0 the paper counts f
 *   as |P| times more discriminant, so D = |P|.
 * - V: both tie the pair; U: all pairs. Indifference E = |V| / |U|.
 *
 * Counting ordered pairs instead, as the paper's set notation does, doubles
 * every count and leaves C, D and E unchanged. f is "better" than g when
 * C > 0.5 and D > 1.
 *
 * @example
 * const f = { values: [0.9, 0.8, 0.8, 0.5], direction: "higher" as const };
 * const g = { values: [0.2, 0.3, 0.1, 0.3], direction: "lower" as const };
 * measureAgreement(f, g);
 * // pairs (a,b) (a,c) (a,d) (b,c) (b,d) (c,d): R = 3 (ab, ad, cd), S = 1 (ac), P = 1 (bd), Q = 1 (bc), V = 0
 * // → { consistency: 0.75, discriminancy: 1, indifference: 0, … }
 */
export function measureAgreement(f: MeasureValues, g: MeasureValues): MeasureAgreement {
  const n = f.values.length;
  if (g.values.length !== n) throw new Error(`measureAgreement: expected equally many values, got ${n} and ${g.values.length}`);
  const counts = { R: 0, S: 0, P: 0, Q: 0, V: 0, U: 0 };
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const fo = order(f, a, b);
      const go = order(g, a, b);
      counts.U += 1;
      if (fo !== 0 && go !== 0) {
        if (fo === go) counts.R += 1;
        else counts.S += 1;
      } else if (fo !== 0) counts.P += 1;
      else if (go !== 0) counts.Q += 1;
      else counts.V += 1;
    }
  }
  return {
    consistency: counts.R + counts.S === 0 ? null : counts.R / (counts.R + counts.S),
    discriminancy: counts.Q === 0 ? counts.P : counts.P / counts.Q,
    indifference: counts.U === 0 ? null : counts.V / counts.U,
    counts,
  };
}

/** +1 when a is better than b under the measure, −1 when worse, 0 when tied. */
function order(m: MeasureValues, a: number, b: number): number {
  const d = Math.sign(m.values[a]! - m.values[b]!);
  return m.direction === "higher" ? d : -d;
}
