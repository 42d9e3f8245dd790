import { describe, expect, it } from "vitest";
import { InputError } from "../../errors/input-error.ts";
import { softOptions } from "./soft-options.ts";

describe("softOptions", () => {
  it("defaults to thresholds 0.05 … 1 as typed decimals, 4 score decimals", () => {
    const options = softOptions({});
    expect(options.thresholds).toHaveLength(20);
    expect(options.thresholds[2]).toBe(0.15);
    expect(options.thresholds[19]).toBe(1);
    expect(options.scoreDecimals).toBe(4);
  });

  it("takes a step or a list (the TSDoc example)", () => {
    expect(softOptions({ soft: { thresholdStep: 0.25 } }).thresholds).toEqual([0.25, 0.5, 0.75, 1]);
    expect(softOptions({ soft: { thresholds: [0.7, 0.3, 0.3] } }).thresholds).toEqual([0.3, 0.7]);
  });

  it("refuses bad values with expected … got …", () => {
    const cases: [unknown, string][] = [
      [{ thresholdStep: 0 }, "expected a soft thresholdStep in (0, 1], got 0"],
      [{ thresholds: [0, 0.5] }, "expected soft thresholds as a non-empty list of numbers in (0, 1], got [0,0.5]"],
      [{ scoreDecimals: 9 }, "expected soft scoreDecimals as a whole number from 1 to 6, got 9"],
      [{ threshold: 0.5 }, 'expected a soft option among thresholds, thresholdStep, scoreDecimals, maxConfusionLabels, got "threshold"'],
      [{ thresholds: [0.5], thresholdStep: 0.1 }, 'expected either soft thresholds or a soft thresholdStep, got "both"'],
    ];
    for (const [soft, message] of cases) {
      let error: unknown;
      try {
        softOptions({ soft });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).code).toBe("BAD_OPTION");
      expect((error as InputError).message).toBe(message);
    }
  });
});
