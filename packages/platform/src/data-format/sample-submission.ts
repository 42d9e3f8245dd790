import { ROOT, type Taxonomy } from "@hierboard/metrics";

/** The label formats a subtask accepts, as sample files. `germeval` only for a subtask that reads a section. */
export const SAMPLE_FORMATS = ["tsv", "jsonl-labels", "jsonl-paths", "jsonl-scores", "germeval"] as const;
export type SampleFormat = (typeof SAMPLE_FORMATS)[number];

/** The formats a subtask accepts: GermEval two-section files only where the subtask reads a section. */
export function sampleFormats(section: "a" | "b" | null): SampleFormat[] {
  return SAMPLE_FORMATS.filter((f) => f !== "germeval" || section !== null);
}

/**
 * The label a sample predicts for every document: the first leaf reached from the first top-level
 * label by following first children, as a root path without the root. It uses the taxonomy only, so
 * a sample tells nothing about the gold labels.
 */
export function sampleLabelPath(taxonomy: Taxonomy): string[] {
  const path: string[] = [];
  let node = ROOT;
  for (;;) {
    const next = taxonomy.children[node]?.[0];
    if (next === undefined) break;
    path.push(taxonomy.names[next]!);
    node = next;
  }
  return path;
}

/**
 * A valid prediction file for the given document ids in one format: every document gets the sample
 * label (`sampleLabelPath`), as a label, a path or a score of 0.9.
 *
 * @example
 * sampleSubmission(taxonomy, ["d1"], "tsv", null); // "d1\tLeaf\n"
 */
export function sampleSubmission(taxonomy: Taxonomy, ids: readonly string[], format: SampleFormat, section: "a" | "b" | null): string {
  const path = sampleLabelPath(taxonomy);
  const label = path.at(-1);
  if (label === undefined) return "";
  const line = (id: string): string => {
    switch (format) {
      case "tsv":
      case "germeval":
        return `${id}\t${label}`;
      case "jsonl-labels":
        return JSON.stringify({ id, labels: [label] });
      case "jsonl-paths":
        return JSON.stringify({ id, paths: [path] });
      case "jsonl-scores":
        return JSON.stringify({ id, scores: { [label]: 0.9 } });
    }
  };
  const header = format === "germeval" ? `subtask_${section ?? "a"}\n` : "";
  return header + ids.map(line).join("\n") + "\n";
}
