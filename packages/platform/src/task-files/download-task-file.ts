import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { canSeeTask } from "../tasks/task-visibility.ts";

export const downloadTaskFileInput = z.object({
  slug: z.string().min(1),
  fileId: z.string().min(1).max(64),
  viewerId: z.string().min(1).nullable(),
  previewToken: z.string().max(200).nullish(),
});

/**
 * A public file of a task, byte for byte, for anyone who may see the task. A draft's files are
 * NOT_FOUND for everyone else, exactly like a file that does not exist, so a draft's existence
 * does not leak.
 */
export async function downloadTaskFile(
  input: z.input<typeof downloadTaskFileInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ fileName: string; content: Uint8Array; sha256: string; sizeBytes: number }> {
  const data = downloadTaskFileInput.parse(input);
  const file = await ctx.db.taskFile.findFirst({
    where: { id: data.fileId, task: { slug: data.slug } },
    select: {
      fileName: true,
      content: true,
      contentHash: true,
      sizeBytes: true,
      task: { select: { id: true, status: true, previewToken: true } },
    },
  });
  const viewer = data.viewerId ? await ctx.db.user.findUnique({ where: { id: data.viewerId }, select: { id: true, role: true } }) : null;
  if (!file || !(await canSeeTask(ctx.db, viewer, file.task, data.previewToken)))
    throw new AppError("NOT_FOUND", `No such file in ${data.slug}.`);
  return { fileName: file.fileName, content: file.content, sha256: file.contentHash, sizeBytes: file.sizeBytes };
}
