import type { Db, Task, User } from "@hierboard/db";
import { isTaskOrganiser } from "../access/task-access.ts";

/**
 * Who may see a task: a published or archived one everyone; a draft its organisers, admins, and
 * whoever holds the secret preview link.
 */
export async function canSeeTask(
  db: Db,
  viewer: Pick<User, "id" | "role"> | null,
  task: Pick<Task, "id" | "status" | "previewToken">,
  previewToken?: string | null,
): Promise<boolean> {
  if (task.status !== "DRAFT") return true;
  if (previewToken && task.previewToken && previewToken === task.previewToken) return true;
  return viewer !== null && (await isTaskOrganiser(db, viewer, task.id));
}
