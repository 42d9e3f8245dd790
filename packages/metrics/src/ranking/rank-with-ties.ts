/** Which way a measure improves. */
export type Direction = "higher" | "lower";

/**
 * Competition ranking ("1224"): the best value gets rank 1, equal values share
 * the best rank of their group and the next value skips the shared places.
 * A non-finite value (an undefined measure) ranks after every finite one.
 *
 * rank(i) = 1 + #{ j : values[j] is strictly better than values[i] }
 *
 * Source: the standard competition ranking used by leaderboards; the ties are
 * what Kendall's τ-b ("The treatment of ties in ranking problems") corrects for.
 *
 * @example
 * rankWithTies([0.9, 0.7, 0.9, 0.5], "higher"); // [1, 3, 1, 4]
 * rankWithTies([0.1, 0.3, 0.1], "lower"); // [1, 3, 1]
 */
export function rankWithTies(values: readonly number[], direction: Direction): number[] {
  const key = values.map((v) => (Number.isFinite(v) ? (direction === "higher" ? -v : v) : Infinity));
  const order = key.map((_, i) => i).sort((a, b) => key[a]! - key[b]! || a - b);
  const ranks = new Array<number>(values.length);
  order.forEach((index, position) => {
    const previous = position > 0 ? order[position - 1]! : -1;
    ranks[index] = previous >= 0 && key[previous] === key[index] ? ranks[previous]! : position + 1;
  });
  return ranks;
}
