import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { InputError } from "@hierboard/metrics";
import { AppError, invalidFile } from "@hierboard/platform";
import { issuesFromDetails, problemResponse, toProblem } from "./problem";

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

  it("returns every problem of a refused file, and its hint, in the 422 body", async () => {
    const where = (line: number) => ({ file: "p.tsv", line });
    const hint = "fields are separated by ';'; expected tabs";
    const collected = InputError.collected([
      new InputError("UNKNOWN_LABEL", 'expected a label of the taxonomy, got "Q"', where(2)),
      new InputError("WRONG_DELIMITER", "expected tabs between fields, got fields separated by ';' in \"d5;A\"", where(5), { hint }),
      new InputError("WRONG_DELIMITER", "expected tabs between fields, got fields separated by ';' in \"d9;A\"", where(9), { hint }),
    ]);
    for (const error of [collected, invalidFile(collected)]) {
      const response = problemResponse(error);
      expect(response.status).toBe(422);
      const body = (await response.json()).error;
      expect(body.message).toBe('p.tsv:2: expected a label of the taxonomy, got "Q" (and 2 more problems)');
      expect(body.issues.map((issue: { line: number }) => issue.line)).toEqual([2, 5, 9]);
      expect(body.hint).toBe(hint);
    }
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

describe("problemResponse", () => {
  it("answers a rate-limited upload with 429 and Retry-After in seconds", async () => {
    const response = problemResponse(
      new AppError("RATE_LIMITED", "Too many uploads from this account.", { retryAfterSeconds: 42, limit: 30, windowSeconds: 600 }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("42");
    expect(await response.json()).toEqual({ error: { code: "RATE_LIMITED", message: "Too many uploads from this account.", issues: [] } });
  });

  it("sends no Retry-After for other errors", () => {
    const response = problemResponse(new AppError("INVALID_FILE", "bad"));
    expect(response.status).toBe(422);
    expect(response.headers.get("retry-after")).toBeNull();
  });
});
