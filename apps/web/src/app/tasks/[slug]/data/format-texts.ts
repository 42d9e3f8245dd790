import type { SampleFormat } from "@hierboard/platform";

/** One short example of each accepted label format (labels from an imaginary genre taxonomy). */
export const FORMAT_EXAMPLES: Record<SampleFormat, { name: string; note: string; example: string }> = {
  tsv: { name: "TSV", note: "id, then its labels, tab-separated.", example: "doc-1\tFiction\tCrime\ndoc-2\tPoetry" },
  "jsonl-labels": {
    name: "JSON Lines, labels",
    note: "One object per line.",
    example: '{"id": "doc-1", "labels": ["Crime"]}\n{"id": "doc-2", "labels": ["Poetry"]}',
  },
  "jsonl-paths": {
    name: "JSON Lines, paths",
    note: "Explicit paths from the top level down; they must follow the taxonomy's edges.",
    example: '{"id": "doc-1", "paths": [["Fiction", "Crime"]]}',
  },
  "jsonl-scores": {
    name: "JSON Lines, scores",
    note: "Soft predictions: hard measures use the labels scored ≥ 0.5 (with their ancestors); soft measures use every score.",
    example: '{"id": "doc-1", "scores": {"Crime": 0.93, "Thriller": 0.41}}',
  },
  germeval: {
    name: "GermEval two-section file",
    note: "Sections headed subtask_a and subtask_b; each subtask reads its own section.",
    example: "subtask_a\ndoc-1\tFiction\nsubtask_b\ndoc-1\tFiction\tCrime",
  },
};

export function unknownLabelsInWords(policy: "error" | "drop"): string {
  return policy === "error"
    ? "A label that is not in the subtask's label list makes the file invalid (the error names the line)."
    : "A label that is not in the subtask's label list is dropped, and the report says how many were.";
}

export function labelsPerDocumentInWords(limit: number): string {
  return `A document may carry at most ${limit.toLocaleString("en")} labels: a line with more makes the file invalid (the error names the line and the count).`;
}

export function missingDocumentsInWords(policy: "error" | "empty"): string {
  return policy === "error"
    ? "Every document id must be in your file: a file that lacks some is refused and uses no slot."
    : "A document missing from your file counts as an empty prediction, with a warning.";
}
