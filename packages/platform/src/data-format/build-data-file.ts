import { z } from "zod";
import { requireTask } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { loadScoringSetup } from "../scoring/load-scoring-setup.ts";
import { loadSubtaskTaxonomy } from "./load-subtask-taxonomy.ts";
import { sampleFormats, sampleSubmission, type SampleFormat } from "./sample-submission.ts";
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

export const buildDataFileInput = z.object({
  slug: z.string().min(1),
  subtaskKey: z.string().min(1),
  phaseKey: z.string().min(1).optional(),
  file: z.enum(Object.keys(DATA_FILES) as [DataFileName, ...DataFileName[]]),
});

export interface DataFile {
  /** A download name that says which task, subtask and phase it is for. */
  fileName: string;
  contentType: string;
  content: string;
}

/**
 * One generated file of a task's Data & format tab: the subtask's (cut) taxonomy as TSV or JSON, its
 * label list, the test document ids of a phase (ids only: the gold labels never leave the server),
 * or a valid sample submission for that phase in one accepted format. Public, like the task page.
 */
export async function buildDataFile(
  input: z.input<typeof buildDataFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<DataFile> {
  const data = buildDataFileInput.parse(input);
  const task = await requireTask(ctx.db, data.slug);
  const subtask = await ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: data.subtaskKey } } });
  if (!subtask) throw new AppError("NOT_FOUND", `No subtask "${data.subtaskKey}" in ${task.slug}.`);
  const spec = DATA_FILES[data.file];
  const section = subtask.section === "a" || subtask.section === "b" ? subtask.section : null;
  if ("format" in spec && !sampleFormats(section).includes(spec.format)) {
    throw new AppError(
      "NOT_FOUND",
      `Subtask "${subtask.key}" reads whole files, not GermEval two-section files: use one of ${sampleFormats(section)
        .map((f) => SAMPLE_FILE_NAMES[f])
        .join(", ")}.`,
    );
  }
  const name = (suffix: string) => `${task.slug}-${subtask.key}${suffix}-${data.file}`;
  if (!spec.needsPhase) {
    const taxonomy = await loadSubtaskTaxonomy(ctx.db, subtask);
    const content =
      data.file === "taxonomy.tsv"
        ? taxonomyTsv(taxonomy)
        : data.file === "taxonomy.json"
          ? taxonomyJson(taxonomy)
          : labelListTsv(taxonomy);
    return { fileName: name(""), contentType: spec.contentType, content };
  }
  if (!data.phaseKey) throw new AppError("INVALID_INPUT", `Say which phase ${data.file} is for: expected ?phase=<key>, got none.`);
  const phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } });
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}" in ${task.slug}.`);
  const setup = await loadScoringSetup(ctx.db, { subtaskId: subtask.id, phaseId: phase.id });
  const ids = [...setup.gold.entries.keys()];
  const content = "format" in spec ? sampleSubmission(setup.taxonomy, ids, spec.format, section) : ids.join("\n") + "\n";
  return { fileName: name(`-${phase.key}`), contentType: spec.contentType, content };
}
