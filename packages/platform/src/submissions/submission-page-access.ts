import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { canReadSubmission } from "./submission-access.ts";

/**
 * What a submission's pages (report, compare) should do for this viewer, decided before they
 * stream: "readable"; "sign-in" for an anonymous visitor before the phase ends; "not-found" when
 * there is no such submission in this task, or a signed-in viewer may not read it (someone else's
 * submission is indistinguishable from a missing one). The same rule as `getSubmission`.
 */
export async function submissionPageAccess(
  input: { slug: string; id: string; viewerId: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<"readable" | "sign-in" | "not-found"> {
  const s = await ctx.db.submission.findUnique({
    where: { id: input.id },
    select: {
      teamId: true,
      isBaseline: true,
      phase: { select: { taskId: true, endsAt: true, task: { select: { slug: true, status: true } } } },
    },
  });
  if (!s || s.phase.task.slug !== input.slug) return "not-found";
  if (await canReadSubmission(ctx.db, input.viewerId, s, s.phase, ctx.now())) return "readable";
  return input.viewerId || s.phase.task.status === "DRAFT" ? "not-found" : "sign-in";
}
