import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { measureAgreement } from "./measure-agreement.ts";

describe("measureAgreement (Huang & Ling)", () => {
  it("counts the pairs of the TSDoc example", () => {
    const f = { values: [0.9, 0.8, 0.8, 0.5], direction: "higher" as const };
    const g = { values: [0.2, 0.3, 0.1, 0.3], direction: "lower" as const };
    expect(measureAgreement(f, g)).toEqual({
      consistency: 0.75,
      discriminancy: 1,
      indifference: 0,
      counts: { R: 3, S: 1, P: 1, Q: 1, V: 0, U: 6 },
    });
  });

  it("follows the paper's convention D = |P| when |Q| = 0", () => {
    const f = { values: [3, 2, 1], direction: "higher" as const };
    const g = { values: [1, 1, 0], direction: "higher" as const };
    // ab: f orders, g ties → P; ac, bc: both agree → R
    const agreement = measureAgreement(f, g);
    expect(agreement.counts).toEqual({ R: 2, S: 0, P: 1, Q: 0, V: 0, U: 3 });
    expect(agreement.discriminancy).toBe(1);
    expect(measureAgreement(g, f).discriminancy).toBe(0);
  });

  it("consistency is symmetric, discriminancy inverts, and the pair classes partition U", () => {
    const arb = fc
      .integer({ min: 2, max: 15 })
      .chain((n) =>
        fc.tuple(
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(arb, ([x, y]) => {
        const f = { values: x, direction: "higher" as const };
        const g = { values: y, direction: "lower" as const };
        const fg = measureAgreement(f, g);
        const gf = measureAgreement(g, f);
        expect(fg.consistency).toEqual(gf.consistency);
        expect(fg.counts.P).toBe(gf.counts.Q);
        const { R, S, P, Q, V, U } = fg.counts;
        expect(R + S + P + Q + V).toBe(U);
        expect(U).toBe((x.length * (x.length - 1)) / 2);
      }),
    );
  });
});
