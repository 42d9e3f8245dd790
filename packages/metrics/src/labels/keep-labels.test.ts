import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../errors/input-error.ts";
import { cutTaxonomy } from "../taxonomy/cut-taxonomy.ts";
import { parseTaxonomy } from "../taxonomy/parse-taxonomy.ts";
import { checkPredictionIds } from "./check-prediction-ids.ts";
import type { GoldDocumentIds, LabelFile } from "./label-file.ts";
import type { LabelFileOptions } from "./label-file-parser.ts";
import { parseLabelText } from "./parse-label-text.ts";

// figure4: A → C, D, E; C → H; D → I, J, K; E → L, M; B → F.
const taxonomy = parseTaxonomy(readFileSync(new URL("../../test/fixtures/figure4.tsv", import.meta.url)));
const options: LabelFileOptions = { taxonomy, role: "prediction", fileName: "pred.tsv", maxLabelsPerDocument: 3 };

/** What a parse gives, as plain data: the file without its documents' labels, or its error. */
function outcome(text: string, extra: Partial<LabelFileOptions>) {
  try {
    const file = parseLabelText(text, { ...options, ...extra });
    const { entries, ...rest } = file;
    return { ...rest, documents: [...entries.values()].map(({ id, line }) => ({ id, line })) };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { message: error.message, problems: error.problems.map((p) => [p.line, p.code, p.detail]) };
  }
}

// A file of each problem a prediction's parse reports, and files it accepts with warnings.
const files: Record<string, [string, Partial<LabelFileOptions>?]> = {
  valid: ["d1\tA\tC\nd2\tB\n\nd3\n"],
  "unknown label": ["d1\tA\nd2\tQ\nd3\tSachbuch \n"],
  "dropped unknown labels": ["d1\tA\tQ\nd2\tR\tQ\n", { unknownLabels: "drop" }],
  "repeated labels and a repeated id": ["d1\tA\tA\nd2\tB\nd1\tC\n"],
  "too many labels": ["d1\tA\tB\tC\tD\n"],
  "wrong delimiter": ["d1;A\n"],
  "empty id": ["\tA\n"],
  "JSON lines": ['{"id": "d1", "labels": ["A"]}\n{"id": 2, "paths": [["A", "C"], ["A", "C"]]}\n{"id": "d3", "scores": {"B": 0.5}}\n'],
  "JSON problems": [
    '{"id": "d1", "labels": "A"}\n{"id": "d2", "paths": [["C"]]}\n{"id": "d3", "scores": {"B": 2}}\nnot json\n',
    { format: "jsonl" },
  ],
  "a section": ["subtask_a\nd1\tA\nsubtask_b\nd1\tA\tC\n", { subtask: "b" }],
  "a misplaced section": ["d1\tA\nsubtask_a\n"],
  "an empty file": [""],
  "a cut taxonomy": ["d1\tA\nd2\tC\n", { taxonomy: cutTaxonomy(taxonomy, 1) }],
};

describe("keepLabels: false", () => {
  for (const [name, [text, extra = {}]] of Object.entries(files)) {
    it(`reports the same documents, lines, warnings and problems as a whole parse: ${name}`, () => {
      expect(outcome(text, { ...extra, keepLabels: false })).toEqual(outcome(text, extra));
    });
  }

  it("keeps no labels, paths or scores", () => {
    const file = parseLabelText('{"id": "d1", "paths": [["A", "C"]]}\n{"id": "d2", "scores": {"B": 0.5}}\n', {
      ...options,
      keepLabels: false,
    });
    expect([...file.entries.values()]).toEqual([
      { id: "d1", line: 1, labels: [] },
      { id: "d2", line: 2, labels: [] },
    ]);
  });
});

describe("checkPredictionIds against a gold's ids alone", () => {
  const gold = parseLabelText("a\tA\nb\tB\nc\tC\nd\tD\n", { taxonomy, role: "gold", fileName: "gold.tsv" });
  const ids: GoldDocumentIds = { documents: gold.documents, entries: new Map([...gold.entries].map(([id, d]) => [id, d.line])) };
  const check = (g: GoldDocumentIds, pred: LabelFile, missingDocuments: "empty" | "error", nameMissingIds: boolean) => {
    try {
      return checkPredictionIds(g, pred, { missingDocuments, nameMissingIds });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return error.problems.map((p) => [p.line, p.code, p.detail]);
    }
  };

  for (const text of ["a\tA\nb\tB\nc\tC\nd\tD\n", "a\tA\nx\tB\ny\tC\n", "d\tA\n", ""])
    for (const missingDocuments of ["empty", "error"] as const)
      for (const nameMissingIds of [true, false])
        it(`gives what the parsed gold gives: ${JSON.stringify(text)}, ${missingDocuments}, naming ids ${nameMissingIds}`, () => {
          const pred = parseLabelText(text, options);
          expect(check(ids, pred, missingDocuments, nameMissingIds)).toEqual(check(gold, pred, missingDocuments, nameMissingIds));
        });
});
