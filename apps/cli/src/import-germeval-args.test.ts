import { describe, expect, it } from "vitest";
import { parseImportGermevalArgs, UsageError } from "./import-germeval-args.ts";
import { sectionsOf } from "./import-germeval.ts";

describe("import-germeval arguments", () => {
  it("takes a folder and options, with defaults", () => {
    expect(parseImportGermevalArgs(["data/g", "--wait", "--timeout", "60"])).toEqual({
      dir: "data/g",
      slug: "germeval-2019",
      title: "GermEval 2019 Task 1: hierarchical classification of blurbs",
      wait: true,
      timeoutSeconds: 60,
      forceOwner: false,
    });
    expect(parseImportGermevalArgs(["data/g", "--force-owner"])).toMatchObject({ forceOwner: true });
    expect(parseImportGermevalArgs(["--help"])).toBe("help");
  });

  it("refuses a missing folder, unknown options and bad values", () => {
    expect(() => parseImportGermevalArgs([])).toThrow(UsageError);
    expect(() => parseImportGermevalArgs(["d", "--frob"])).toThrow("expected one of --slug");
    expect(() => parseImportGermevalArgs(["d", "--timeout", "soon"])).toThrow("whole number of seconds");
    expect(() => parseImportGermevalArgs(["d", "e"])).toThrow("a second");
  });
});

describe("sectionsOf", () => {
  it("finds the GermEval section headers, CRLF or not", () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect([...sectionsOf(bytes("subtask_a\r\nx\tA\r\nsubtask_b\r\nx\tB\r\n"))].sort()).toEqual(["a", "b"]);
    expect([...sectionsOf(bytes("subtask_a\nx\tA\n"))]).toEqual(["a"]);
    expect(sectionsOf(bytes("x\tA\n")).size).toBe(0);
  });
});
