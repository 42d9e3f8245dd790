import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { checkTaskFileDisplayName, checkTaskFileName, taskFileNameProblem, visibleName } from "./task-file-name.ts";

describe("task file names", () => {
  it.each([
    ["", "EMPTY"],
    ["../../etc/passwd", "PATH"],
    ["kits/starting-kit.zip", "PATH"],
    ["C:\\Users\\kit.zip", "PATH"],
    ["..", "DOT_NAME"],
    [".", "DOT_NAME"],
    [".htaccess", "HIDDEN"],
    ["licence\n.txt", "CONTROL_CHARACTER"],
    ['kit.zip"\r\nSet-Cookie: a=b', "CONTROL_CHARACTER"],
    ["kit\u0000.zip", "CONTROL_CHARACTER"],
    ["kit\u0085.zip", "CONTROL_CHARACTER"],
    ["report\u202Etxt.exe", "INVISIBLE_CHARACTER"],
    ["readme\u200B.md", "INVISIBLE_CHARACTER"],
    ["\uFEFFlicence.txt", "INVISIBLE_CHARACTER"],
    ["kit\uD800.zip", "INVISIBLE_CHARACTER"],
    ["starting\u00A0kit.zip", "UNUSUAL_WHITESPACE"],
    ["kit\u2028.zip", "UNUSUAL_WHITESPACE"],
    ["kit<script>.zip", "RESERVED_CHARACTER"],
    ["what?.txt", "RESERVED_CHARACTER"],
    ["a:b.txt", "RESERVED_CHARACTER"],
    ["kit.zip.", "TRAILING_DOT_OR_SPACE"],
    ["kit.zip ", "TRAILING_DOT_OR_SPACE"],
    [" kit.zip", "TRAILING_DOT_OR_SPACE"],
    ["CON", "DEVICE_NAME"],
    ["nul.txt", "DEVICE_NAME"],
    ["com1.zip", "DEVICE_NAME"],
    [`${"a".repeat(117)}.zip`, "TOO_LONG"],
    [`${"𝒜".repeat(70)}.txt`, "TOO_LONG"],
  ])("refuses %j (%s)", (name, reason) => {
    expect(taskFileNameProblem(name)?.reason).toBe(reason);
    const error = (() => {
      try {
        checkTaskFileName(name);
      } catch (e) {
        return e;
      }
      throw new Error("expected a refusal");
    })() as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.details).toEqual({ field: "fileName", reason });
    expect(error.message).toMatch(/^File name ".*": expected /);
    // The message itself never carries a control or invisible character of the name.
    expect(error.message).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u00A0]/u);
  });

  it.each([
    "starting-kit.zip",
    "LICENSE",
    "Daten-Übersicht.md",
    "baseline v1.2 (python).tar.gz",
    "データ説明.txt",
    "console.log",
    "a".repeat(116) + ".zip",
  ])("accepts %j", (name) => {
    expect(taskFileNameProblem(name)).toBeNull();
    expect(checkTaskFileName(name)).toBe(name);
  });

  it("stores names in NFC, so a decomposed Ü and a composed one are the same name", () => {
    expect(checkTaskFileName("U\u0308bersicht.md")).toBe("\u00DCbersicht.md");
  });

  it("spells out invisible characters in messages", () => {
    expect(visibleName("report\u202Etxt.exe")).toBe("report\\u{202E}txt.exe");
    expect(visibleName("a\nb")).toBe("a\\u{A}b");
  });
});

describe("task file display names", () => {
  it("defaults to the file name, trims, and refuses what would disguise the name", () => {
    expect(checkTaskFileDisplayName(undefined, "kit.zip")).toBe("kit.zip");
    expect(checkTaskFileDisplayName("   ", "kit.zip")).toBe("kit.zip");
    expect(checkTaskFileDisplayName("  Starting kit (Python)  ", "kit.zip")).toBe("Starting kit (Python)");
    expect(checkTaskFileDisplayName("<b>Kit</b> & licence", "kit.zip")).toBe("<b>Kit</b> & licence");
    for (const [name, reason] of [
      ["Kit\u202E", "INVISIBLE_CHARACTER"],
      ["Kit\nLicence", "CONTROL_CHARACTER"],
      ["x".repeat(121), "TOO_LONG"],
    ]) {
      expect(() => checkTaskFileDisplayName(name, "kit.zip")).toThrow(
        expect.objectContaining({ code: "INVALID_INPUT", details: { field: "name", reason } }),
      );
    }
  });
});
