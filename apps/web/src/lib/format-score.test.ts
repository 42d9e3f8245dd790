import { describe, expect, it } from "vitest";
import { formatBytes, formatInterval, formatIntervalBeside, formatScore } from "./format-score";

describe("formatScore", () => {
  it("uses a fixed number of decimals and a real minus sign", () => {
    expect(formatScore(0.7)).toBe("0.7000");
    expect(formatScore(0.123456, 3)).toBe("0.123");
    expect(formatScore(-0.25)).toBe("−0.2500");
  });
  it("says n/a for an undefined measure rather than 0", () => {
    expect(formatScore(null)).toBe("n/a");
    expect(formatScore(undefined)).toBe("n/a");
    expect(formatScore(Number.NaN)).toBe("n/a");
  });
  it("keeps huge counts short", () => {
    expect(formatScore(1234567)).toBe("1.23e+6");
    expect(formatScore(Number.POSITIVE_INFINITY)).toBe("∞");
  });
});

describe("formatInterval / formatBytes", () => {
  it("formats an interval only when both ends exist", () => {
    expect(formatInterval(0.1, 0.2, 2)).toBe("[0.10, 0.20]");
    expect(formatInterval(null, 0.2)).toBe("");
  });
  it("formats sizes", () => {
    expect(formatBytes(50 * 1024 * 1024)).toBe("50 MB");
    expect(formatBytes(1536)).toBe("1.5 kB");
    expect(formatBytes(12)).toBe("12 B");
  });
});

describe("formatIntervalBeside", () => {
  it("shows ± only for an interval symmetric at 3 decimals that contains its score", () => {
    expect(formatIntervalBeside(0.5, 0.48, 0.52, false)).toBe("±0.020");
  });
  it("shows an asymmetric interval as [low, high], not as a ± that hides it", () => {
    // The demo board's flat macro-F1: 0.8636 with [0.8212, 0.8592] read "±0.019".
    expect(formatIntervalBeside(0.8636, 0.8212, 0.8592, true)).toBe("[0.821, 0.859]");
    expect(formatIntervalBeside(0.5, 0.47, 0.52, false)).toBe("[0.470, 0.520]");
  });
});
