import type { Task } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";

/** Teams register and submit only in published tasks: not in drafts, not in archived tasks. */
export function requireOpenTask(task: Pick<Task, "slug" | "status">): void {
  if (task.status === "PUBLISHED") return;
  const state = task.status === "DRAFT" ? "is a draft, not yet published" : "is archived";
  throw new AppError("TASK_NOT_OPEN", `The task "${task.slug}" ${state}: expected a published task.`);
}
