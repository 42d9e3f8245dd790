import { describe, expect, it } from "vitest";
import { COUNTDOWN_WINDOW_MS, countdownText } from "./countdown";

describe("countdownText", () => {
  const end = new Date("2026-11-28T12:00:00Z");
  const before = (ms: number) => new Date(end.getTime() - ms);

  it("shows hours, minutes and seconds left within 48 hours", () => {
    expect(countdownText(end, before(COUNTDOWN_WINDOW_MS))).toBe("48:00:00");
    expect(countdownText(end, before(((5 * 60 + 3) * 60 + 12) * 1000))).toBe("05:03:12");
    expect(countdownText(end.toISOString(), before(999))).toBe("00:00:00");
  });

  it("shows nothing more than 48 hours ahead, at the end, or after it", () => {
    expect(countdownText(end, before(COUNTDOWN_WINDOW_MS + 1000))).toBeNull();
    expect(countdownText(end, end)).toBeNull();
    expect(countdownText(end, new Date(end.getTime() + 1000))).toBeNull();
  });

  it("shows nothing for an unreadable date", () => {
    expect(countdownText("not a date", end)).toBeNull();
  });
});
