import type { Db, Phase, Submission } from "@hierboard/db";
import { isTaskOrganiser } from "../access/task-access.ts";

/** Whether the viewer (signed in or not) organises the task. */
export async function viewerOrganises(db: Db, viewerId: string | null, taskId: string): Promise<boolean> {
  if (!viewerId) return false;
  const viewer = await db.user.findUnique({ where: { id: viewerId }, select: { id: true, role: true } });
  return viewer !== null && (await isTaskOrganiser(db, viewer, taskId));
}

/**
 * Who may read a submission's details: its team, the task's organisers and admins; anyone else
 * only once the phase has ended.
 */
export async function canReadSubmission(
  db: Db,
  viewerId: string | null,
  submission: Pick<Submission, "teamId" | "isBaseline">,
  phase: Pick<Phase, "taskId" | "endsAt">,
  now: Date,
): Promise<boolean> {
  if (now >= phase.endsAt) return true;
  if (!viewerId) return false;
  const viewer = await db.user.findUnique({ where: { id: viewerId }, select: { id: true, role: true } });
  if (!viewer) return false;
  if (await isTaskOrganiser(db, viewer, phase.taskId)) return true;
  if (submission.isBaseline) return true;
  if (!submission.teamId) return false;
  const member = await db.membership.findUnique({ where: { teamId_userId: { teamId: submission.teamId, userId: viewer.id } } });
  return member !== null;
}
