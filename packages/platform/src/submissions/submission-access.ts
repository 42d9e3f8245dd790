import type { Db, Phase, Submission, Task } from "@hierboard/db";
import { isTaskOrganiser } from "../access/task-access.ts";

/** Whether the viewer (signed in or not) organises the task. */
export async function viewerOrganises(db: Db, viewerId: string | null, taskId: string): Promise<boolean> {
  if (!viewerId) return false;
  const viewer = await db.user.findUnique({ where: { id: viewerId }, select: { id: true, role: true } });
  return viewer !== null && (await isTaskOrganiser(db, viewer, taskId));
}

/**
 * Who may read a submission's details: its team, the task's organisers and admins; anyone else
 * once the phase has ended, unless the task is a draft (one put back to draft included): a draft's
 * submissions stay with their teams and the organisers, whatever the phases' dates.
 */
export async function canReadSubmission(
  db: Db,
  viewerId: string | null,
  submission: Pick<Submission, "teamId" | "isBaseline">,
  phase: Pick<Phase, "taskId" | "endsAt"> & { task: Pick<Task, "status"> },
  now: Date,
): Promise<boolean> {
  const viewer = viewerId ? await db.user.findUnique({ where: { id: viewerId }, select: { id: true, role: true } }) : null;
  if (viewer && (await isTaskOrganiser(db, viewer, phase.taskId))) return true;
  const draft = phase.task.status === "DRAFT";
  if (!draft && now >= phase.endsAt) return true;
  if (!viewer) return false;
  if (submission.isBaseline) return !draft;
  if (!submission.teamId) return false;
  const member = await db.membership.findUnique({ where: { teamId_userId: { teamId: submission.teamId, userId: viewer.id } } });
  return member !== null;
}
