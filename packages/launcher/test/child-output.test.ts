// How the web app's and the worker's output lines reach the terminal of `pnpm start`.
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { childLineFormatter, logFormat } from "../src/child-output.ts";

const record = JSON.stringify({
  level: 30,
  time: Date.UTC(2026, 0, 2, 3, 4, 5),
  pid: 42,
  hostname: "h",
  service: "worker",
  name: "worker",
  msg: "scored submission s1",
});

describe("logFormat", () => {
  it("is pretty for a terminal and JSON for a pipe or a file", () => {
    expect(logFormat(true)).toBe("pretty");
    expect(logFormat(false)).toBe("json");
    expect(logFormat(undefined)).toBe("json");
  });
});

describe("childLineFormatter", () => {
  it("passes log records through unchanged as JSON lines", () => {
    const line = childLineFormatter("worker", "json")(record);
    expect(line).toBe(`${record}\n`);
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: "scored submission s1" });
  });

  it("pretty-prints log records for a terminal", () => {
    const line = stripVTControlCharacters(childLineFormatter("worker", "pretty")(record));
    expect(line.startsWith("{")).toBe(false);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO \(worker\): scored submission s1\n$/);
    // pid, hostname and service are left out (the name already says which process).
    expect(line).not.toContain("hostname");
  });

  it("prefixes any other line with the child's name, in both formats", () => {
    for (const format of ["json", "pretty"] as const) {
      const formatLine = childLineFormatter("web", format);
      expect(formatLine("   ▲ Next.js 16")).toBe("[web]    ▲ Next.js 16\n");
      expect(formatLine('{"not":"a log record"}')).toBe('[web] {"not":"a log record"}\n');
      expect(formatLine("{ broken")).toBe("[web] { broken\n");
    }
  });
});
