import type { Db, User } from "@hierboard/db";
import { requireUser } from "../access/task-access.ts";
import { AppError } from "../errors/app-error.ts";

export async function requireAdmin(db: Db, userId: string): Promise<User> {
  const user = await requireUser(db, userId);
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only admins can do this.");
  return user;
}
