import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { readSubmissionUpload } from "./schema";

describe("readSubmissionUpload", () => {
  it("accepts a file with subtask and phase keys", () => {
    const form = new FormData();
    form.set("file", new File(["d1\tA\n"], "pred.tsv"));
    form.set("subtask", " a ");
    form.set("phase", "test");
    const parsed = readSubmissionUpload(form);
    expect(parsed.subtask).toBe("a");
    expect(parsed.phase).toBe("test");
    expect(parsed.file.name).toBe("pred.tsv");
  });

  it("names the missing field", () => {
    const form = new FormData();
    form.set("subtask", "a");
    form.set("phase", "test");
    try {
      readSubmissionUpload(form);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues.map((issue) => issue.path.join("."))).toEqual(["file"]);
    }
  });

  it("refuses a text field where the file should be", () => {
    const form = new FormData();
    form.set("file", "not a file");
    form.set("subtask", "a");
    form.set("phase", "");
    const error = (() => {
      try {
        readSubmissionUpload(form);
      } catch (caught) {
        return caught as ZodError;
      }
    })();
    expect(error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual(["file", "phase"]);
  });
});
