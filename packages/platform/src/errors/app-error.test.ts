import { InputError } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { AppError, APP_ERROR_STATUS, httpStatusFor, withInputErrors } from "./app-error.ts";

describe("AppError", () => {
  it("maps each code to its HTTP status in one table", () => {
    expect(httpStatusFor(new AppError("SUBMISSION_LIMIT_REACHED"))).toBe(429);
    expect(httpStatusFor("INVALID_TOKEN")).toBe(401);
    expect(new AppError("FILE_TOO_LARGE").status).toBe(413);
    for (const status of Object.values(APP_ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
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
