import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

/** The uploaded file of any submission of a task, for its organisers (FORBIDDEN for anyone else). */
export async function downloadSubmissionFile(
  input: { userId: string; submissionId: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ fileName: string; content: Uint8Array; contentHash: string }> {
  const s = await ctx.db.submission.findUnique({
    where: { id: input.submissionId },
    select: { fileName: true, content: true, contentHash: true, phase: { select: { task: { select: { slug: true } } } } },
  });
  if (!s) throw new AppError("NOT_FOUND", "No such submission.");
  await requireTaskOrganiser(ctx.db, input.userId, s.phase.task.slug);
  return { fileName: s.fileName, content: s.content, contentHash: s.contentHash };
}
