import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { checkPredictionIds } from "./check-prediction-ids.ts";
import type { LabelFileOptions } from "./label-file-parser.ts";
import { parseLabelText } from "./parse-label-text.ts";

const taxonomy = parseTaxonomy(readFileSync(new URL("../../test/fixtures/figure4.tsv", import.meta.url)));
const gold = (text: string | Uint8Array, extra: Partial<LabelFileOptions> = {}) =>
  parseLabelText(text, { taxonomy, role: "gold", fileName: "gold.tsv", ...extra });
const pred = (text: string | Uint8Array, extra: Partial<LabelFileOptions> = {}) =>
  parseLabelText(text, { taxonomy, role: "prediction", fileName: "pred.txt", ...extra });
const labelNames = (file: ReturnType<typeof gold>, id: string) => file.entries.get(id)!.labels.map((l) => taxonomy.names[l]);

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected an InputError");
}

describe("label files: formats", () => {
  it("reads TSV: empty fields carry no label, repeats count once with a warning, CRLF accepted", () => {
    const file = pred("d1\tI\t\tF\r\nd2\r\n\nd3\tI\tI\t\n");
    expect(file.format).toBe("tsv");
    expect(file.documents).toBe(3);
    expect(labelNames(file, "d1")).toEqual(["I", "F"]);
    expect(labelNames(file, "d2")).toEqual([]);
    expect(labelNames(file, "d3")).toEqual(["I"]);
    expect(file.warnings).toEqual(["pred.txt: 1 repeated label within a document counted once"]);
  });

  it("reads the chosen section of a GermEval two-section file, in either order", () => {
    const text = "subtask_b\nd1\tA\tD\tI\nsubtask_a\nd1\tA\n";
    expect(labelNames(gold(text, { subtask: "a" }), "d1")).toEqual(["A"]);
    expect(labelNames(gold(text, { subtask: "b" }), "d1")).toEqual(["A", "D", "I"]);
    expect(gold(text, { subtask: "b" }).format).toBe("germeval");
  });

  it("refuses a two-section file without a subtask, naming both sections", () => {
    const error = inputError(() => gold("subtask_a\nd1\tA\nsubtask_b\nd1\tI\n"));
    expect(error.code).toBe("SECTION");
    expect(error.message).toContain('"subtask_a" and "subtask_b"');
    expect(error.line).toBe(3);
  });

  it("refuses a missing section", () => {
    expect(inputError(() => gold("subtask_a\nd1\tA\n", { subtask: "b" })).message).toContain('expected a "subtask_b" section');
  });

  it("reads JSON Lines with labels, paths and scores", () => {
    const file = pred(
      [
        '{"id": "d1", "labels": ["I", "F"]}',
        '{"id": 2, "paths": [["A", "D", "J"], ["B"], ["A", "D", "J"]]}',
        '{"id": "d3", "scores": {"I": 0.9, "F": 0.2}}',
      ].join("\n"),
    );
    expect(file.format).toBe("jsonl");
    expect(labelNames(file, "d1")).toEqual(["I", "F"]);
    const d2 = file.entries.get("2")!;
    expect(d2.paths!.map((p) => p.map((n) => taxonomy.names[n]))).toEqual([
      ["", "A", "D", "J"],
      ["", "B"],
    ]);
    expect(labelNames(file, "2")).toEqual(["J", "B"]);
    expect(file.entries.get("d3")!.scores!.get(taxonomy.id("I")!)).toBe(0.9);
    expect(file.hasScores).toBe(true);
    expect(file.warnings).toEqual(["pred.txt: 1 repeated path within a document counted once"]);
  });

  it("treats a 0-byte prediction file as all-empty, with a warning", () => {
    const file = pred("");
    expect(file.documents).toBe(0);
    expect(file.warnings[0]).toContain("empty");
  });
});

describe("label files: policies and errors", () => {
  it("refuses an unknown label by default, with file, line and the label", () => {
    const error = inputError(() => pred("d1\tI\nd2\tNope\n"));
    expect(error.code).toBe("UNKNOWN_LABEL");
    expect(error.message).toBe('pred.txt:2: expected a label of the taxonomy, got "Nope"');
  });

  it("drops unknown prediction labels under the drop policy, counting them", () => {
    const file = pred("d1\tI\tNope\nd2\tZap\tNope\n", { unknownLabels: "drop" });
    expect(labelNames(file, "d1")).toEqual(["I"]);
    expect(file.droppedUnknown).toBe(3);
    expect(file.warnings).toEqual(['pred.txt: dropped 3 unknown labels (e.g. "Nope", "Zap")']);
  });

  it("is always strict about unknown gold labels", () => {
    expect(inputError(() => gold("d1\tNope\n", { unknownLabels: "drop" })).code).toBe("UNKNOWN_LABEL");
  });

  it("refuses a duplicate id, naming both lines", () => {
    const error = inputError(() => pred("d1\tI\nd2\tF\nd1\tJ\n"));
    expect(error.code).toBe("DUPLICATE_ID");
    expect(error.line).toBe(3);
    expect(error.message).toContain("first on line 1");
  });

  it("refuses broken JSON and wrong shapes", () => {
    expect(inputError(() => pred('{"id": "d1", "labels": ["I"]}\n{"id": "d2", "labels": [')).line).toBe(2);
    expect(inputError(() => pred('{"id": "d1"}')).message).toContain('exactly one of "labels", "paths" or "scores", got none');
    expect(inputError(() => pred('{"id": "d1", "labels": "I"}')).code).toBe("BAD_SHAPE");
    expect(inputError(() => pred('{"labels": ["I"]}')).code).toBe("BAD_SHAPE");
    expect(inputError(() => pred("[1, 2]", { format: "jsonl" })).code).toBe("BAD_SHAPE");
  });

  it("refuses a path that does not follow the taxonomy's edges", () => {
    const error = inputError(() => pred('{"id": "d1", "paths": [["A", "E", "I"]]}'));
    expect(error.code).toBe("PATH_NOT_EDGE");
    expect(error.message).toContain('expected "I" to be a child of "E"');
    expect(inputError(() => pred('{"id": "d1", "paths": [["D", "I"]]}')).message).toContain("the root (a top-level label)");
  });

  it("refuses scores outside [0, 1] and scores in a gold file", () => {
    expect(inputError(() => pred('{"id": "d1", "scores": {"I": 1.5}}')).code).toBe("BAD_SCORE");
    expect(inputError(() => pred('{"id": "d1", "scores": {"I": "high"}}')).code).toBe("BAD_SCORE");
    expect(inputError(() => gold('{"id": "d1", "scores": {"I": 0.5}}')).code).toBe("SCORES_IN_GOLD");
  });

  it("refuses non-UTF-8 bytes, naming the line", () => {
    const bytes = new Uint8Array([...new TextEncoder().encode("d1\tI\nd2\t"), 0xc3, 0x28, 0x0a]);
    const error = inputError(() => pred(bytes));
    expect([error.code, error.line]).toEqual(["NOT_UTF8", 2]);
  });

  it("refuses an empty gold file", () => {
    expect(inputError(() => gold("\n")).code).toBe("EMPTY_FILE");
  });
});

describe("checkPredictionIds", () => {
  const g = gold("d1\tI\nd2\tF\nd3\tG\n");

  it("refuses an id the gold file lacks, with its line", () => {
    const error = inputError(() => checkPredictionIds(g, pred("d1\tI\nzz\tF\n")));
    expect([error.code, error.line]).toEqual(["ID_NOT_IN_GOLD", 2]);
  });

  it("warns about missing documents, or refuses them under the error policy", () => {
    expect(checkPredictionIds(g, pred("d1\tI\n"))).toEqual([
      'pred.txt: no prediction for 2 of 3 gold documents ("d2", "d3"); they count as empty predictions',
    ]);
    expect(inputError(() => checkPredictionIds(g, pred("d1\tI\n"), { missingDocuments: "error" })).code).toBe("MISSING_DOCUMENTS");
    expect(checkPredictionIds(g, pred("d3\tI\nd2\tI\n"))).toEqual([
      'pred.txt: no prediction for 1 of 3 gold documents ("d1"); they count as empty predictions',
    ]);
  });
});
