import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { measureCatalogue, type MeasureOption } from "../scoring/measure-catalogue.ts";
import { sortTaskFiles, taskFileViewSelect, toTaskFileView, type TaskFileView } from "../task-files/task-file-fields.ts";
import { newPreviewToken } from "./preview-token.ts";
import { missingForPublish } from "./publish-checks.ts";
import {
  phaseWithGold,
  toPhaseView,
  toSubtaskView,
  toTaxonomyView,
  type PhaseView,
  type SubtaskView,
  type TaxonomyView,
} from "./task-views.ts";

export interface TaskConsole {
  task: { slug: string; title: string; description: string; status: "DRAFT" | "PUBLISHED" | "ARCHIVED"; previewToken: string };
  /** What publishing still needs (empty = ready). */
  missingForPublish: string[];
  taxonomies: TaxonomyView[];
  /** With their submission counts (baselines included): none, and the console offers deletion; some, archiving. */
  subtasks: (SubtaskView & { submissions: number })[];
  phases: (PhaseView & { submissions: number })[];
  measures: MeasureOption[];
  owners: { id: string; name: string; email: string }[];
  /** Public files attached to the task (starting kit, licence, …), as the Data & format tab lists them. */
  files: TaskFileView[];
}

const submissionCount = { _count: { select: { submissions: true } } } as const;

/** The organiser console of a task: null if there is no such task, FORBIDDEN for non-organisers. */
export async function getTaskConsole(
  input: { slug: string; userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<TaskConsole | null> {
  try {
    await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
  const task = await ctx.db.task.findUniqueOrThrow({
    where: { slug: input.slug },
    include: {
      taxonomies: { orderBy: { version: "desc" }, omit: { content: true, iaContent: true, outline: true } },
      subtasks: { orderBy: { createdAt: "asc" }, include: submissionCount },
      phases: { orderBy: { startsAt: "asc" }, include: { ...phaseWithGold, ...submissionCount } },
      owners: { include: { user: { select: { id: true, name: true, email: true } } } },
      files: { select: taskFileViewSelect },
    },
  });
  // Tasks created before the lifecycle have no preview secret yet.
  const previewToken =
    task.previewToken ?? (await ctx.db.task.update({ where: { id: task.id }, data: { previewToken: newPreviewToken() } })).previewToken!;
  return {
    task: { slug: task.slug, title: task.title, description: task.description, status: task.status, previewToken },
    missingForPublish: await missingForPublish(ctx.db, task.id),
    taxonomies: task.taxonomies.map(toTaxonomyView),
    subtasks: task.subtasks.map((s) => ({ ...toSubtaskView(s), submissions: s._count.submissions })),
    phases: task.phases.map((p) => ({ ...toPhaseView(p), submissions: p._count.submissions })),
    measures: measureCatalogue(task.taxonomies.flatMap((t) => t.namespaces)),
    owners: task.owners.map((o) => o.user),
    files: sortTaskFiles(task.files.map(toTaskFileView)),
  };
}
