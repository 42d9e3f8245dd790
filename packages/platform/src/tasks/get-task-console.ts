import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { measureCatalogue, type MeasureOption } from "../scoring/measure-catalogue.ts";
import { phaseWithGold, toPhaseView, toSubtaskView, toTaxonomyView, type PhaseView, type SubtaskView, type TaxonomyView } from "./task-views.ts";

export interface TaskConsole {
  task: { slug: string; title: string; description: string };
  taxonomies: TaxonomyView[];
  subtasks: SubtaskView[];
  phases: PhaseView[];
  measures: MeasureOption[];
  owners: { id: string; name: string; email: string }[];
}

/** The organiser console of a task: null if there is no such task, FORBIDDEN for non-organisers. */
export async function getTaskConsole(input: { slug: string; userId: string }, ctx: PlatformContext = platformContext()): Promise<TaskConsole | null> {
  try {
    await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
  const task = await ctx.db.task.findUniqueOrThrow({
    where: { slug: input.slug },
    include: {
      taxonomies: { orderBy: { version: "desc" } },
      subtasks: { orderBy: { createdAt: "asc" } },
      phases: { orderBy: { startsAt: "asc" }, include: phaseWithGold },
      owners: { include: { user: { select: { id: true, name: true, email: true } } } },
    },
  });
  return {
    task: { slug: task.slug, title: task.title, description: task.description },
    taxonomies: task.taxonomies.map(toTaxonomyView),
    subtasks: task.subtasks.map(toSubtaskView),
    phases: task.phases.map(toPhaseView),
    measures: measureCatalogue(),
    owners: task.owners.map((o) => o.user),
  };
}
