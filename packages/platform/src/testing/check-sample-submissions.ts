// Proves a task's Data & format tab: each subtask's sample submission, in every format it accepts,
// is accepted by createSubmission (no warnings) and scored by the engine like the worker would.
import { buildDataFile } from "../data-format/build-data-file.ts";
import { SAMPLE_FILE_NAMES } from "../data-format/data-files.ts";
import { sampleFormats, type SampleFormat } from "../data-format/sample-submission.ts";
import type { PlatformContext } from "../context/platform-context.ts";
import { createSubmission } from "../submissions/create-submission.ts";
import { createTeam } from "../teams/create-team.ts";
import { createUser } from "../users/create-user.ts";
import { scoreStoredSubmission } from "./store-scores.ts";

export interface SampleCheck {
  subtaskKey: string;
  phaseKey: string;
  format: SampleFormat;
  fileName: string;
  documents: number;
  goldDocuments: number;
  warnings: string[];
  primaryMeasure: string;
  primaryValue: number | null;
  /** Shown measures the engine could not compute. */
  undefinedShown: string[];
}

export async function checkSampleSubmissions(ctx: PlatformContext, slug: string): Promise<SampleCheck[]> {
  const task = await ctx.db.task.findUniqueOrThrow({
    where: { slug },
    include: { subtasks: true, phases: { include: { golds: { select: { documents: true }, orderBy: { version: "desc" }, take: 1 } } } },
  });
  const user = await createUser({ name: "Sample checker", email: `sample-checker@${slug}.test`, password: "sample-checker-pass" }, ctx);
  await createTeam({ userId: user.id, slug, name: "Sample checker" }, ctx);
  const checks: SampleCheck[] = [];
  for (const subtask of task.subtasks) {
    for (const phase of task.phases) {
      for (const format of sampleFormats(subtask.section === "a" || subtask.section === "b" ? subtask.section : null)) {
        const file = await buildDataFile({ slug, subtaskKey: subtask.key, phaseKey: phase.key, file: SAMPLE_FILE_NAMES[format] }, ctx);
        const created = await createSubmission(
          {
            userId: user.id,
            slug,
            subtaskKey: subtask.key,
            phaseKey: phase.key,
            fileName: file.fileName,
            content: new TextEncoder().encode(file.content),
          },
          ctx,
        );
        const rows = await scoreStoredSubmission(ctx.db, created.id);
        const value = (measure: string) => rows.find((r) => r.measure === measure)?.value ?? null;
        checks.push({
          subtaskKey: subtask.key,
          phaseKey: phase.key,
          format,
          fileName: file.fileName,
          documents: created.documents,
          goldDocuments: phase.golds[0]?.documents ?? 0,
          warnings: created.warnings,
          primaryMeasure: subtask.primaryMeasure,
          primaryValue: value(subtask.primaryMeasure),
          undefinedShown: subtask.measuresShown.filter((m) => value(m) === null),
        });
      }
    }
  }
  return checks;
}
