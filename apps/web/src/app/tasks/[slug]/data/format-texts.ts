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

/** How a CAFA-style subtask reads a score file, rule by rule (what `parseCafaScores` and the cafa family do). */
export function cafaRulesInWords(subtask: {
  maxLabelsPerDocument: number;
  cafa: { propagation: "max" | "fill"; normalisation: "cafa" | "gt" | "pred"; thresholdStep: number; excludeRoots: boolean };
}): string[] {
  const { propagation, normalisation, thresholdStep, excludeRoots } = subtask.cafa;
  return [
    "One line per scored term: protein⇥term⇥score (tabs or spaces), CAFA-evaluator's own prediction format.",
    "A score must be a number in (0, 1]; any other value makes the file invalid (the error names the line).",
    `A protein may carry at most ${subtask.maxLabelsPerDocument.toLocaleString("en")} scored terms; a pair given twice keeps its larger score.`,
    "Terms not in the taxonomy and proteins not in the gold are ignored, with a warning, as CAFA-evaluator does; a gold protein without a line scores 0 everywhere.",
    `Scores are propagated to ancestors (${propagation === "max" ? "max: each term takes the largest score below it" : "fill: only unscored terms inherit"}), then swept over thresholds ${thresholdStep}, ${2 * thresholdStep}, …; averaged as “${normalisation}”${excludeRoots ? ", namespace roots left out" : ", namespace roots included"}.`,
  ];
}
