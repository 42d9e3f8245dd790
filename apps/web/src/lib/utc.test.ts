import { describe, expect, it } from "vitest";
import { formatUtc, formatUtcDate, parseUtcInput, relativeTo, toUtcInputValue } from "./utc";

describe("formatUtc", () => {
  it("writes the UTC wall clock with the zone, whatever the host zone", () => {
    expect(formatUtc(new Date("2026-11-22T23:05:59.900Z"))).toBe("2026-11-22 23:05 UTC");
    expect(formatUtc("2026-01-02T03:04:00+02:00")).toBe("2026-01-02 01:04 UTC");
  });
  it("shows a dash for an invalid date", () => {
    expect(formatUtc("not a date")).toBe("—");
  });
  it("formats the UTC calendar day", () => {
    expect(formatUtcDate(new Date("2026-03-01T00:30:00+01:00"))).toBe("2026-02-28");
  });
});

describe("parseUtcInput / toUtcInputValue", () => {
  it("reads a form value as UTC", () => {
    expect(parseUtcInput("2026-11-22T14:05")?.toISOString()).toBe("2026-11-22T14:05:00.000Z");
    expect(parseUtcInput("2026-11-22 14:05:30")?.toISOString()).toBe("2026-11-22T14:05:30.000Z");
  });
  it("refuses impossible or malformed dates instead of rolling them over", () => {
    expect(parseUtcInput("2026-02-31T10:00")).toBeNull();
    expect(parseUtcInput("2026-11-22T24:00")).toBeNull();
    expect(parseUtcInput("22/11/2026 14:05")).toBeNull();
    expect(parseUtcInput("")).toBeNull();
  });
  it("round-trips", () => {
    const date = new Date("2027-07-31T23:59:00Z");
    expect(parseUtcInput(toUtcInputValue(date))?.getTime()).toBe(date.getTime());
    expect(toUtcInputValue(date)).toBe("2027-07-31 23:59");
    expect(toUtcInputValue(null)).toBe("");
  });
});

describe("relativeTo", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("describes the future and the past", () => {
    expect(relativeTo("2026-11-25T13:00:00Z", now)).toBe("in 3 days");
    expect(relativeTo("2026-11-22T10:00:00Z", now)).toBe("2 hours ago");
    expect(relativeTo("2026-11-22T12:01:00Z", now)).toBe("in 1 minute");
    expect(relativeTo("2026-11-22T12:00:10Z", now)).toBe("in under a minute");
  });
});
