import type { Db, Task, User } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";

export async function requireUser(db: Db, userId: string): Promise<User> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in first.");
  return user;
}

export async function requireTask(db: Db, slug: string): Promise<Task> {
  const task = await db.task.findUnique({ where: { slug } });
  if (!task) throw new AppError("NOT_FOUND", `No task "${slug}".`);
  return task;
}

/** The user, if they may create tasks (organisers and admins); FORBIDDEN for participants. */
export async function requireTaskCreator(db: Db, userId: string): Promise<User> {
  const user = await requireUser(db, userId);
  if (user.role === "PARTICIPANT") throw new AppError("FORBIDDEN", "Only organisers can create tasks.");
  return user;
}

/** Admins and the task's owners organise it. */
export async function isTaskOrganiser(db: Db, user: Pick<User, "id" | "role">, taskId: string): Promise<boolean> {
  if (user.role === "ADMIN") return true;
  const owner = await db.taskOwner.findUnique({ where: { taskId_userId: { taskId, userId: user.id } } });
  return owner !== null;
}

/** The task, if `userId` organises it; FORBIDDEN otherwise. */
export async function requireTaskOrganiser(db: Db, userId: string, slug: string): Promise<{ user: User; task: Task }> {
  const user = await requireUser(db, userId);
  const task = await requireTask(db, slug);
  if (!(await isTaskOrganiser(db, user, task.id))) {
    throw new AppError("FORBIDDEN", `Only the organisers of "${slug}" can do this.`);
  }
  return { user, task };
}
