import { InputError } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { AppError, APP_ERRORS, httpStatusFor, withInputErrors } from "./app-error.ts";
import { isRetryable } from "./retry-decision.ts";

describe("AppError", () => {
  it("maps each code to its HTTP status in one table", () => {
    expect(httpStatusFor(new AppError("SUBMISSION_LIMIT_REACHED"))).toBe(429);
    expect(httpStatusFor("INVALID_TOKEN")).toBe(401);
    expect(new AppError("FILE_TOO_LARGE").status).toBe(413);
    for (const { status } of Object.values(APP_ERRORS)) expect(status).toBeGreaterThanOrEqual(400);
  });

  it("says per code whether a retry can help: never for a client error, except a limit window", () => {
    const retryable = Object.entries(APP_ERRORS)
      .filter(([, e]) => e.retryable)
      .map(([code]) => code)
      .sort();
    expect(retryable).toEqual(["INTERNAL", "RATE_LIMITED", "SERVER_BUSY", "TOO_MANY_ATTEMPTS"]);
    for (const e of Object.values(APP_ERRORS)) if (e.status < 500 && e.status !== 429) expect(e.retryable).toBe(false);
    expect(new AppError("SERVER_BUSY").retryable).toBe(true);
    expect(new AppError("GOLD_MISSING").retryable).toBe(false);
  });

  it("decides retry from the table; the engine's input errors never, unknown failures always", () => {
    expect(isRetryable(new InputError("UNKNOWN_LABEL", "bad label", { file: "p.tsv", line: 1 }))).toBe(false);
    expect(isRetryable(new AppError("INVALID_FILE"))).toBe(false);
    expect(isRetryable(new AppError("NOT_FOUND"))).toBe(false);
    expect(isRetryable(new AppError("GOLD_MISSING"))).toBe(false);
    expect(isRetryable(new AppError("INTERNAL"))).toBe(true);
    expect(isRetryable(new AppError("SERVER_BUSY"))).toBe(true);
    expect(isRetryable(new Error("Can't reach database server"))).toBe(true);
    expect(isRetryable("a string")).toBe(true);
  });

  it("turns the engine's InputError into INVALID_FILE with a line-numbered issue", () => {
    const error = (() => {
      try {
        return withInputErrors(() => {
          throw new InputError("UNKNOWN_LABEL", 'expected a label of the taxonomy, got "X"', { file: "p.tsv", line: 7 });
        });
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("INVALID_FILE");
    expect(error.message).toBe('p.tsv:7: expected a label of the taxonomy, got "X"');
    expect(error.details).toEqual({
      issues: [
        {
          message: 'p.tsv:7: expected a label of the taxonomy, got "X"',
          detail: 'expected a label of the taxonomy, got "X"',
          code: "UNKNOWN_LABEL",
          file: "p.tsv",
          line: 7,
        },
      ],
    });
  });
});
