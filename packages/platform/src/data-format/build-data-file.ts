import { z } from "zod";
import { requireTask } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isTaskVisible } from "../tasks/is-task-visible.ts";
import { engineFileRefs, engineTaxonomyRef } from "../scoring/engine/engine-file-refs.ts";
import { runInEngineThread } from "../scoring/engine/engine-pool.ts";
import { withGoldContent } from "../scoring/engine/with-gold-content.ts";
import { DATA_FILES, SAMPLE_FILE_NAMES, type DataFileName } from "./data-files.ts";
import { sampleFormats } from "./sample-submission.ts";

export const buildDataFileInput = z.object({
  slug: z.string().min(1),
  subtaskKey: z.string().min(1),
  phaseKey: z.string().min(1).optional(),
  file: z.enum(Object.keys(DATA_FILES) as [DataFileName, ...DataFileName[]]),
  viewerId: z.string().min(1).nullable().default(null),
  previewToken: z.string().nullable().optional(),
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
 * or a valid sample submission for that phase in one accepted format. Visible to whoever may see
 * the task (a draft's to its organisers and preview-link holders). The files are made in an engine
 * thread from the stored taxonomy and gold: the request thread parses nothing.
 */
export async function buildDataFile(
  input: z.input<typeof buildDataFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<DataFile> {
  const data = buildDataFileInput.parse(input);
  if (!(await isTaskVisible({ slug: data.slug, viewerId: data.viewerId, previewToken: data.previewToken }, ctx)))
    throw new AppError("NOT_FOUND", `No task "${data.slug}".`);
  const task = await requireTask(ctx.db, data.slug);
  const subtask = await ctx.db.subtask.findUnique({ where: { taskId_key: { taskId: task.id, key: data.subtaskKey } } });
  if (!subtask || subtask.archivedAt) throw new AppError("NOT_FOUND", `No subtask "${data.subtaskKey}" in ${task.slug}.`);
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
    const taxonomy = await engineTaxonomyRef(ctx.db, subtask.id);
    const content = await runInEngineThread<string>({ kind: "data-file", taxonomy, gold: null, file: data.file, section }, (task) =>
      withGoldContent(ctx.db, subtask.id, null, task),
    );
    return { fileName: name(""), contentType: spec.contentType, content };
  }
  if (!data.phaseKey) throw new AppError("INVALID_INPUT", `Say which phase ${data.file} is for: expected ?phase=<key>, got none.`);
  const phase = await ctx.db.phase.findUnique({ where: { taskId_key: { taskId: task.id, key: data.phaseKey } } });
  if (!phase || phase.archivedAt) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}" in ${task.slug}.`);
  const refs = await engineFileRefs(ctx.db, { subtaskId: subtask.id, phaseId: phase.id });
  const content = await runInEngineThread<string>(
    { kind: "data-file", taxonomy: refs.taxonomy, gold: refs.gold, file: data.file, section },
    (task) => withGoldContent(ctx.db, subtask.id, refs.gold.id, task),
  );
  return { fileName: name(`-${phase.key}`), contentType: spec.contentType, content };
}
