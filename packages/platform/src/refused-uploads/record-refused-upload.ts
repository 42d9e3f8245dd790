import type { RefusedUploadKind } from "@hierboard/db";
import type { PlatformContext } from "../context/platform-context.ts";
import { AppError, type FileIssue } from "../errors/app-error.ts";

/**
 * How many refused uploads a task keeps, newest first: each refusal beyond them removes the oldest,
 * so no client can grow the table without bound (the upload rate limit bounds how fast it turns over).
 */
export const REFUSED_UPLOADS_KEPT = 200;

/** Where a refused upload was going: the task, who sent it, which file, and the subtask and phase it named. */
export interface UploadTarget {
  readonly taskId: string;
  readonly userId: string;
  readonly kind: RefusedUploadKind;
  readonly fileName: string;
  readonly subtaskKey?: string;
  readonly phaseKey?: string;
}

/**
 * Runs an upload's validation; when it refuses the file for its content (INVALID_FILE), the refusal
 * is recorded for the task's organisers (`listRefusedUploads`) — who, when, where and the first
 * problem, never the file — and the error goes on to the uploader unchanged. Other refusals (access,
 * size, limits) are not recorded: they say nothing about the file an organiser could act on.
 */
export async function withRefusalRecorded<T>(ctx: PlatformContext, target: UploadTarget, validate: () => Promise<T>): Promise<T> {
  try {
    return await validate();
  } catch (error) {
    if (error instanceof AppError && error.code === "INVALID_FILE") await recordRefusedUpload(ctx, target, error);
    throw error;
  }
}

async function recordRefusedUpload(ctx: PlatformContext, target: UploadTarget, error: AppError): Promise<void> {
  const issues = ((error.details as { issues?: FileIssue[] } | undefined)?.issues ?? []).filter(Boolean);
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.refusedUpload.create({
        data: {
          ...target,
          problem: (issues[0]?.message ?? error.message).slice(0, 1000),
          problems: Math.max(1, issues.length),
          createdAt: ctx.now(),
        },
      });
      const older = await tx.refusedUpload.findMany({
        where: { taskId: target.taskId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: REFUSED_UPLOADS_KEPT,
        select: { id: true },
      });
      if (older.length > 0) await tx.refusedUpload.deleteMany({ where: { id: { in: older.map((row) => row.id) } } });
    });
  } catch (failure) {
    // The uploader's answer is the refusal itself; a record that could not be written must not replace it.
    console.warn(`[platform] refused upload not recorded: ${(failure as Error).message}`);
  }
}
