import { describe, expect, it } from "vitest";
import { defaultPhase, phaseState } from "./phase-state";

describe("phaseState", () => {
  const start = "2026-11-01T00:00:00Z";
  const end = "2026-11-30T00:00:00Z";
  it("is upcoming before the start, open from the start, closed at the end", () => {
    expect(phaseState(start, end, new Date("2026-10-31T23:59:59Z"))).toBe("upcoming");
    expect(phaseState(start, end, new Date(start))).toBe("open");
    expect(phaseState(start, end, new Date("2026-11-29T23:59:59Z"))).toBe("open");
    expect(phaseState(start, end, new Date(end))).toBe("closed");
  });
});

describe("defaultPhase", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const dev = { key: "dev", startsAt: "2026-10-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" };
  const test = { key: "test", startsAt: "2026-11-20T00:00:00Z", endsAt: "2026-12-01T00:00:00Z" };
  const later = { key: "later", startsAt: "2027-01-01T00:00:00Z", endsAt: "2027-02-01T00:00:00Z" };
  it("prefers the open phase, then the latest ended one, then the first", () => {
    expect(defaultPhase([dev, test, later], now)?.key).toBe("test");
    expect(defaultPhase([later, dev], now)?.key).toBe("dev");
    expect(defaultPhase([later], now)?.key).toBe("later");
    expect(defaultPhase([], now)).toBeUndefined();
  });
});
