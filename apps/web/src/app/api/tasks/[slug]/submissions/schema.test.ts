import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { MultipartUpload } from "@/server/read-upload";
import { readSubmissionUpload } from "./schema";

function upload(fields: Record<string, string>, files: Record<string, string> = {}): MultipartUpload {
  return {
    fields: new Map(Object.entries(fields)),
    files: new Map(Object.entries(files).map(([field, text]) => [field, { name: "pred.tsv", bytes: new TextEncoder().encode(text) }])),
  };
}

function issuePaths(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ZodError);
    return (error as ZodError).issues.map((issue) => issue.path.join(".")).sort();
  }
  throw new Error("expected a ZodError");
}

describe("readSubmissionUpload", () => {
  it("accepts a file with subtask and phase keys", () => {
    const parsed = readSubmissionUpload(upload({ subtask: " a ", phase: "test" }, { file: "d1\tA\n" }));
    expect(parsed.subtask).toBe("a");
    expect(parsed.phase).toBe("test");
    expect(parsed.file.name).toBe("pred.tsv");
    expect(new TextDecoder().decode(parsed.file.bytes)).toBe("d1\tA\n");
  });

  it("names the missing field", () => {
    expect(issuePaths(() => readSubmissionUpload(upload({ subtask: "a", phase: "test" })))).toEqual(["file"]);
  });

  it("refuses a text field where the file should be", () => {
    expect(issuePaths(() => readSubmissionUpload(upload({ file: "not a file", subtask: "a", phase: "" })))).toEqual(["file", "phase"]);
  });
});
