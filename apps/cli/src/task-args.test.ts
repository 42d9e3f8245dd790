import { describe, expect, it } from "vitest";
import { UsageError } from "./import-germeval-args.ts";
import { parseTaskArgs, TASK_USAGE } from "./task-args.ts";

describe("hierboard task arguments", () => {
  it("parses export and import, with --slug for import", () => {
    expect(parseTaskArgs(["export", "germeval-2019", "out"])).toEqual({ command: "export", slug: "germeval-2019", out: "out" });
    expect(parseTaskArgs(["import", "bundle"])).toEqual({ command: "import", dir: "bundle", slug: undefined });
    expect(parseTaskArgs(["import", "bundle.zip", "--slug", "germeval-2027"])).toEqual({
      command: "import",
      dir: "bundle.zip",
      slug: "germeval-2027",
    });
  });

  it("asks for help with no command, help, --help or -h anywhere", () => {
    for (const argv of [[], ["help"], ["--help"], ["export", "--help"], ["import", "x", "-h"]]) expect(parseTaskArgs(argv)).toBe("help");
    expect(TASK_USAGE).toMatch(/hierboard task export SLUG OUT_DIR/);
    expect(TASK_USAGE).toMatch(/hierboard task import DIR/);
  });

  it("says what it expected and what it got", () => {
    expect(() => parseTaskArgs(["export", "only-slug"])).toThrow(new UsageError("expected SLUG and OUT_DIR, got 1 argument(s)"));
    expect(() => parseTaskArgs(["import"])).toThrow(new UsageError("expected one bundle directory or zip, got 0 argument(s)"));
    expect(() => parseTaskArgs(["import", "x", "--slug"])).toThrow(new UsageError("expected a slug after --slug"));
    expect(() => parseTaskArgs(["export", "a", "b", "--slug", "c"])).toThrow(new UsageError("expected no option, got --slug"));
    expect(() => parseTaskArgs(["publish", "x"])).toThrow(new UsageError("expected export or import, got publish"));
  });
});
