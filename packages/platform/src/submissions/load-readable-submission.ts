import { withShownPart } from "../gold-split/with-shown-part.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import { canReadSubmission, viewerOrganises } from "./submission-access.ts";

/**
 * A submission (without its file) if `viewerId` may read it (see `canReadSubmission`): NOT_FOUND
 * when there is none, FORBIDDEN before the phase ends for anyone outside its team and the
 * organisers, and in a blind phase before its results are published. For the report's analyses and comparisons, which read stored data only.
 */
export async function loadReadableSubmission(input: { id: string; viewerId: string | null }, ctx: PlatformContext = platformContext()) {
  const found = await ctx.db.submission.findUnique({
    where: { id: input.id },
    omit: { content: true },
    include: {
      team: { select: { name: true } },
      subtask: { select: { key: true, primaryMeasure: true } },
      phase: {
        select: {
          key: true,
          taskId: true,
          endsAt: true,
          visibility: true,
          blind: true,
          resultsPublishedAt: true,
          publicFraction: true,
          task: { select: { slug: true, status: true } },
        },
      },
      scoreSets: { orderBy: { goldVersion: "desc" }, select: { goldVersion: true, part: true } },
    },
  });
  // Analyses read the part the phase shows (a split phase's public part while the private one is hidden).
  const s = found && withShownPart(found, ctx.now());
  if (!s) throw new AppError("NOT_FOUND", "No such submission.");
  if (!(await canReadSubmission(ctx.db, input.viewerId, s, s.phase, ctx.now()))) {
    throw new AppError("FORBIDDEN", "Only the team and the organisers see this submission before the phase ends.");
  }
  // Analyses reveal scores: a blind phase keeps them from everyone but the organisers until published.
  if (!resultsVisibility(s.phase, ctx.now()).teamSeesScores && !(await viewerOrganises(ctx.db, input.viewerId, s.phase.taskId))) {
    throw new AppError("FORBIDDEN", "This phase is blind: scores and analyses appear when the organisers publish the results.");
  }
  return s;
}
