import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { InputError } from "@hierboard/metrics";
import { issuesFromDetails, toProblem } from "./problem";

describe("toProblem", () => {
  it("turns a ZodError into a 422 naming the field", () => {
    const result = z.object({ name: z.string().min(2, "too short") }).safeParse({ name: "x" });
    const problem = toProblem(result.error);
    expect(problem.status).toBe(422);
    expect(problem.message).toBe("name: too short");
    expect(problem.issues).toEqual([{ field: "name", message: "too short" }]);
  });

  it("keeps the line of an engine InputError", () => {
    const problem = toProblem(new InputError("UNKNOWN_LABEL", 'expected a taxonomy label, got "X"', { file: "p.tsv", line: 7 }));
    expect(problem.status).toBe(422);
    expect(problem.code).toBe("UNKNOWN_LABEL");
    expect(problem.issues).toEqual([{ message: 'expected a taxonomy label, got "X"', line: 7, file: "p.tsv" }]);
  });

  it("hides anything unexpected behind an opaque 500", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const problem = toProblem(new Error("connection refused to 10.0.0.3"));
    expect(problem).toEqual({ status: 500, code: "INTERNAL", message: "Something went wrong on our side.", issues: [] });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe("issuesFromDetails", () => {
  it("reads one issue, a list, or nothing", () => {
    expect(issuesFromDetails({ line: 2, detail: "bad" })).toEqual([{ message: "bad", line: 2 }]);
    expect(issuesFromDetails({ issues: [{ message: "a", line: 1 }, { nope: true }, { message: "b", field: "file" }] })).toEqual([
      { message: "a", line: 1 },
      { message: "b", field: "file" },
    ]);
    expect(issuesFromDetails(undefined)).toEqual([]);
    expect(issuesFromDetails("text")).toEqual([]);
  });
});
