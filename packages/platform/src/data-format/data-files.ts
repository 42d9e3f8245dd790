import type { Taxonomy } from "@hierboard/metrics";
import { sampleSubmission, type SampleFormat } from "./sample-submission.ts";
import { labelListTsv, taxonomyJson, taxonomyTsv } from "./taxonomy-files.ts";

/** The generated downloads of the Data & format tab, by file name. */
export const DATA_FILES = {
  "taxonomy.tsv": { contentType: "text/tab-separated-values", needsPhase: false },
  "taxonomy.json": { contentType: "application/json", needsPhase: false },
  "labels.tsv": { contentType: "text/tab-separated-values", needsPhase: false },
  "test-ids.txt": { contentType: "text/plain", needsPhase: true },
  "sample.tsv": { contentType: "text/tab-separated-values", needsPhase: true, format: "tsv" },
  "sample.jsonl": { contentType: "application/x-ndjson", needsPhase: true, format: "jsonl-labels" },
  "sample-paths.jsonl": { contentType: "application/x-ndjson", needsPhase: true, format: "jsonl-paths" },
  "sample-scores.jsonl": { contentType: "application/x-ndjson", needsPhase: true, format: "jsonl-scores" },
  "sample-germeval.txt": { contentType: "text/plain", needsPhase: true, format: "germeval" },
} as const satisfies Record<string, { contentType: string; needsPhase: boolean; format?: SampleFormat }>;

export type DataFileName = keyof typeof DATA_FILES;

/** The sample file name of each format. */
export const SAMPLE_FILE_NAMES = Object.fromEntries(
  Object.entries(DATA_FILES).flatMap(([name, spec]) => ("format" in spec ? [[spec.format, name]] : [])),
) as Record<SampleFormat, DataFileName>;

/**
 * One generated file's text from the subtask's (cut) taxonomy and, for the files of a phase, the
 * gold's document ids (never its labels). Runs in an engine thread (task `data-file`).
 */
export function renderDataFile(
  taxonomy: Taxonomy,
  goldIds: readonly string[] | null,
  file: DataFileName,
  section: "a" | "b" | null,
): string {
  const spec = DATA_FILES[file];
  if (file === "taxonomy.tsv") return taxonomyTsv(taxonomy);
  if (file === "taxonomy.json") return taxonomyJson(taxonomy);
  if (file === "labels.tsv") return labelListTsv(taxonomy);
  const ids = goldIds ?? [];
  return "format" in spec ? sampleSubmission(taxonomy, ids, spec.format, section) : `${ids.join("\n")}\n`;
}
