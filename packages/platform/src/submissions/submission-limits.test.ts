import { describe, expect, it } from "vitest";
import { startOfUtcDay } from "./submission-limits.ts";

describe("startOfUtcDay", () => {
  it("is midnight UTC whatever the offset the instant was written in", () => {
    expect(startOfUtcDay(new Date("2026-11-22T23:59:59.999Z")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(startOfUtcDay(new Date("2026-11-23T00:30:00+02:00")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });
});
