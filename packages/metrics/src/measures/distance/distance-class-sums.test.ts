// The distance family's class sums against the plain computation (every class, in class order,
// with branches), bit for bit: in resamples with the full sample registered, with no full sample,
// and with one document left out, under every zero-division choice.
import { describe, expect, it } from "vitest";
import { withLeftOutEntries } from "../../scoring/full-sample-terms.ts";
import { itemRatio, type ZeroDivision } from "../../scoring/zero-division.ts";
import { withFullSample } from "../../uncertainty/full-sample-sums.ts";
import { recordedWithUnusedLabels, resampledSums } from "../testing/resampled-sums.ts";
import { distanceClassSums } from "./distance-class-sums.ts";

/** The sums of `distanceClassSums`, class by class: an unobserved class takes the full sample's terms, if any. */
function plainSums(sums: Float64Array, full: Float64Array | undefined, choice: ZeroDivision) {
  const totals = [0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0];
  for (let base = 0; base < sums.length; base += 5) {
    const observed = sums[base]! + sums[base + 1]! + sums[base + 2]! !== 0;
    const from = observed ? sums : full;
    if (from === undefined) continue;
    const [tp, fp, fn, fpCon, fnCon] = from.subarray(base, base + 5);
    if (tp! + fp! + fn! === 0) continue;
    counts[0]! += 1;
    const a = Math.max(0, tp! + fpCon! + fnCon!);
    const dp = tp! + fp! + fnCon!;
    const dr = tp! + fn! + fpCon!;
    if (observed) {
      totals[0]! += a;
      if (dp > 0) totals[1]! += dp;
      if (dr > 0) totals[2]! += dr;
    }
    [itemRatio(a, Math.max(dp, 0), choice), itemRatio(a, Math.max(dr, 0), choice)].forEach((rate, k) => {
      if (rate === undefined) return;
      totals[3 + k]! += rate;
      counts[3 + k]! += 1;
    });
  }
  return { totals, counts };
}

function expectSame(sums: Float64Array, full: Float64Array | undefined, choice: ZeroDivision) {
  const got = distanceClassSums(sums, choice);
  const expected = plainSums(sums, full, choice);
  const values = [got.credited, got.precisionDenominator, got.recallDenominator, got.sumP, got.sumR];
  values.forEach((value, k) => expect(Object.is(value, expected.totals[k]), `sum ${k}`).toBe(true));
  expect([got.classes, got.classesP, got.classesR]).toEqual([expected.counts[0], expected.counts[3], expected.counts[4]]);
}

describe("distanceClassSums", () => {
  for (const choice of [0, 1, "nan"] as ZeroDivision[]) {
    const recorded = recordedWithUnusedLabels(["distance"], choice);
    const { offsets, families, ctx } = recorded.accumulator;
    const f = families.findIndex((family) => family.id === "distance");
    const offset = offsets[f]!;
    const width = families[f]!.width(ctx);
    const family = (sums: Float64Array) => sums.subarray(offset, offset + width);
    const total = recorded.total();

    it(`equals the plain sums in resamples of a registered full sample, and without one (zeroDivision ${choice})`, () => {
      const resamples = resampledSums(recorded, 40, 8);
      // Some class of some resample has a denominator ≤ 0, and some is not observed.
      const classes = resamples.flatMap((sums) => Array.from({ length: width / 5 }, (_, j) => family(sums).subarray(5 * j, 5 * j + 5)));
      expect(classes.some(([tp, fp, fn, , fnCon]) => tp! + fp! + fn! !== 0 && tp! + fp! + fnCon! <= 0)).toBe(true);
      expect(classes.some(([tp, fp, fn]) => tp! + fp! + fn! === 0)).toBe(true);
      for (const sums of resamples) {
        withFullSample(sums, total, () => expectSame(family(sums), family(total), choice));
        expectSame(family(sums), undefined, choice);
      }
    });

    it(`equals the plain sums with each document left out (zeroDivision ${choice})`, () => {
      const loo = total.slice();
      withFullSample(
        loo,
        total,
        () =>
          withLeftOutEntries(loo, (leftOut) => {
            for (let d = 0; d < recorded.documents; d++) {
              recorded.addDocument(d, loo, -1);
              leftOut.entries.length = 0;
              for (let e = recorded.starts[d]!; e < recorded.starts[d + 1]!; e++) leftOut.entries.push(recorded.indices[e]!);
              expectSame(family(loo), family(total), choice);
              loo.set(total);
            }
          }),
        true,
      );
    });
  }

  it("equals the plain sums for a class whose A_j exceeds a denominator (sums no counts can give)", () => {
    // tp 1, fp 0, fn 1, FpCon 0.5, FnCon −1: A = 0.5, D^P = 0; then an ordinary class.
    const sums = Float64Array.of(1, 0, 1, 0.5, -1, 2, 1, 0, 0.25, 0);
    for (const choice of [0, 1, "nan"] as ZeroDivision[]) expectSame(sums, undefined, choice);
  });
});
