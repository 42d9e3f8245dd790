import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rankWithTies } from "./rank-with-ties.ts";

describe("rankWithTies", () => {
  it("gives competition ranks (the TSDoc example)", () => {
    expect(rankWithTies([0.9, 0.7, 0.9, 0.5], "higher")).toEqual([1, 3, 1, 4]);
    expect(rankWithTies([0.1, 0.3, 0.1], "lower")).toEqual([1, 3, 1]);
  });

  it("ranks an undefined value last", () => {
    expect(rankWithTies([NaN, 0.2, 0.4], "higher")).toEqual([3, 2, 1]);
  });

  it("rank = 1 + number of strictly better values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }),
        fc.constantFrom("higher" as const, "lower" as const),
        (values, direction) => {
          const ranks = rankWithTies(values, direction);
          values.forEach((v, i) => {
            const better = values.filter((w) => (direction === "higher" ? w > v : w < v)).length;
            expect(ranks[i]).toBe(1 + better);
          });
        },
      ),
    );
  });
});
