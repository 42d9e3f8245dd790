import { describe, expect, it } from "vitest";
import { formatBytes, formatInterval, formatScore } from "./format-score";

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
