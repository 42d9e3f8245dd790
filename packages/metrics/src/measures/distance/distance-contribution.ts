import type { ClassDistances } from "./class-distances.ts";

/**
 * The refined contribution of one document to a class c_j it got wrong
 * (Sun & Lim, "Hierarchical Text Classification and Evaluation", as written
 * in "An Extensive Evaluation of Decision Tree-Based Hierarchical Multi-Label
 * Classification Methods and Performance Measures", Eq. 7–9):
 *
 * - c_j a false positive (predicted, not true): `others` = the true classes, Eq. 7;
 * - c_j a false negative (true, not predicted): `others` = the predicted classes, Eq. 8;
 *
 * Con = Σ_{c ∈ others} (1 − Dis(c, c_j) / Dis_θ), RCon = min(1, max(−1, Con)).
 * An empty `others` gives 0.
 *
 * @example
 * // root → A → A1 → A11, A1 → A12 (constant weights), Dis_θ = 2
 * refinedContribution(distances, a12, [a11, a1], 2); // (1 − 2/2) + (1 − 1/2) = 0.5
 */
export function refinedContribution(distances: ClassDistances, node: number, others: Iterable<number>, disTheta: number): number {
  const list = Int32Array.from(others);
  return refinedContributionOf(distances, node, list, list.length, disTheta);
}

/** `refinedContribution` with `others` the first `count` entries of a list (a document's `closureMarks`). */
export function refinedContributionOf(
  distances: ClassDistances,
  node: number,
  others: Int32Array,
  count: number,
  disTheta: number,
): number {
  let con = 0;
  for (let i = 0; i < count; i++) con += 1 - distances.between(others[i]!, node) / disTheta;
  return Math.min(1, Math.max(-1, con));
}
