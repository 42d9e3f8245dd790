import { describe, expect, it } from "vitest";
import { phaseState } from "./phase-state";

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
