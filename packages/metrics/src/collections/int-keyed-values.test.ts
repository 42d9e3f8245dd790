import { describe, expect, it } from "vitest";
import { IntKeyedValues, isSmallKey } from "./int-keyed-values.ts";

describe("IntKeyedValues", () => {
  it("keeps every value under its key past several doublings, like a Map", () => {
    const values = new IntKeyedValues<number>();
    const expected = new Map<number, number>();
    for (let k = 0; k < 5_000; k++) {
      // pair-id-like keys: spread over 2^30, with colliding low bits
      const key = (k * 32_768 + (k % 7)) % 2 ** 30;
      values.set(key, k);
      expected.set(key, k);
    }
    expect(values.size).toBe(expected.size);
    for (const [key, value] of expected) expect(values.get(key)).toBe(value);
    expect(values.get(3)).toBeUndefined();
  });

  it("replaces a value set again and forgets everything on clear", () => {
    const values = new IntKeyedValues<string>();
    values.set(0, "a");
    values.set(0, "b");
    expect(values.size).toBe(1);
    expect(values.get(0)).toBe("b");
    values.clear();
    expect(values.size).toBe(0);
    expect(values.get(0)).toBeUndefined();
  });

  it("takes only non-negative integers below 2^31 − 1 as keys", () => {
    expect([0, 2 ** 30, 0x7ffffffe].every(isSmallKey)).toBe(true);
    expect([-1, 0.5, 0x7fffffff, "3"].some(isSmallKey)).toBe(false);
  });
});
