// The flat family's macro sums against the plain computation (every label, in label order), bit
// for bit: in resamples with the full sample registered, with no full sample, and with one
// document left out, under every zero-division choice.
import { describe, expect, it } from "vitest";
import { withLeftOutEntries } from "../../scoring/full-sample-terms.ts";
import { itemRatio, type ZeroDivision } from "../../scoring/zero-division.ts";
import { withFullSample } from "../../uncertainty/full-sample-sums.ts";
import { recordedWithUnusedLabels, resampledSums } from "../testing/resampled-sums.ts";
import { flatMacroSums } from "./flat-macro-sums.ts";
import { FLAT_LABEL_HEAD } from "./flat-slots.ts";

const HEAD = FLAT_LABEL_HEAD;

/** Every label's P, R and F1 summed in label order; a zero denominator takes the full sample's rate, if any. */
function plainSums(sums: Float64Array, full: Float64Array | undefined, size: number, choice: ZeroDivision) {
  const rate = (n: number, d: number, fullN: number, fullD: number) =>
    d === 0 && full !== undefined && fullD !== 0 ? fullN / fullD : itemRatio(n, d, choice);
  const totals = [0, 0, 0];
  const counts = [0, 0, 0];
  for (let i = 0; i < size; i++) {
    const [t, p, n] = [sums[HEAD + i]!, sums[HEAD + size + i]!, sums[HEAD + 2 * size + i]!];
    const [ft, fp, fn] = full ? [full[HEAD + i]!, full[HEAD + size + i]!, full[HEAD + 2 * size + i]!] : [0, 0, 0];
    [rate(t, t + p, ft, ft + fp), rate(t, t + n, ft, ft + fn), rate(2 * t, 2 * t + p + n, 2 * ft, 2 * ft + fp + fn)].forEach((value, k) => {
      if (value === undefined) return;
      totals[k]! += value;
      counts[k]! += 1;
    });
  }
  return { totals, counts };
}

function expectSame(sums: Float64Array, full: Float64Array | undefined, size: number, choice: ZeroDivision) {
  const { precision, recall, f1, definedP, definedR, definedF } = flatMacroSums(sums, size, choice);
  const expected = plainSums(sums, full, size, choice);
  [precision, recall, f1].forEach((value, k) => expect(Object.is(value, expected.totals[k]), `sum ${k}`).toBe(true));
  // The counts are exact under "nan", where a mean divides by them.
  if (choice === "nan") expect([definedP, definedR, definedF]).toEqual(expected.counts);
}

describe("flatMacroSums", () => {
  for (const choice of [0, 1, "nan"] as ZeroDivision[]) {
    const recorded = recordedWithUnusedLabels(["flat"], choice);
    const size = recorded.accumulator.ctx.taxonomy.size;
    const { offsets, families, ctx } = recorded.accumulator;
    const f = families.findIndex((family) => family.id === "flat");
    const offset = offsets[f]!;
    const width = families[f]!.width(ctx);
    const family = (sums: Float64Array) => sums.subarray(offset, offset + width);
    const total = recorded.total();

    it(`equals the plain sums in resamples of a registered full sample, and without one (zeroDivision ${choice})`, () => {
      const resamples = resampledSums(recorded, 40, 7);
      for (const sums of resamples) {
        withFullSample(sums, total, () => expectSame(family(sums), family(total), size, choice));
        expectSame(family(sums), undefined, size, choice);
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
              expectSame(family(loo), family(total), size, choice);
              loo.set(total);
            }
          }),
        true,
      );
    });
  }
});
