import type { RefusedUploadKind } from "@hierboard/db";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { REFUSED_UPLOADS_KEPT } from "./record-refused-upload.ts";

export interface RefusedUploadRow {
  id: string;
  kind: RefusedUploadKind;
  /** Who sent it (null once the account is deleted). */
  user: { name: string; email: string } | null;
  /** The team of the uploader in this task, for predictions. */
  team: string | null;
  subtaskKey: string | null;
  phaseKey: string | null;
  fileName: string;
  /** The first problem, as the uploader saw it. */
  problem: string;
  /** How many problems the file had (up to the engine's 50). */
  problems: number;
  createdAt: Date;
}

/**
 * The task's refused uploads (predictions, gold and taxonomy files refused for their content),
 * newest first, for its organisers (and admins): at most `REFUSED_UPLOADS_KEPT` are kept.
 */
export async function listRefusedUploads(
  input: { userId: string; slug: string; take?: number },
  ctx: PlatformContext = platformContext(),
): Promise<{ rows: RefusedUploadRow[]; kept: number; limit: number }> {
  const { task } = await requireTaskOrganiser(ctx.db, input.userId, input.slug);
  const [rows, kept] = await Promise.all([
    ctx.db.refusedUpload.findMany({
      where: { taskId: task.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: Math.min(input.take ?? 20, REFUSED_UPLOADS_KEPT),
      include: {
        user: {
          select: { name: true, email: true, memberships: { where: { taskId: task.id }, select: { team: { select: { name: true } } } } },
        },
      },
    }),
    ctx.db.refusedUpload.count({ where: { taskId: task.id } }),
  ]);
  return {
    rows: rows.map(({ user, taskId: _task, userId: _user, ...row }) => ({
      ...row,
      user: user ? { name: user.name, email: user.email } : null,
      team: user?.memberships[0]?.team.name ?? null,
    })),
    kept,
    limit: REFUSED_UPLOADS_KEPT,
  };
}
