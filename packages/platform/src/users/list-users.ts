import type { Role } from "@hierboard/db";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { requireAdmin } from "./require-admin.ts";

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  createdAt: Date;
  /** The open request to host, if any. */
  hostRequest: { id: string; message: string; createdAt: Date } | null;
}

/** Every account, open requests to host first, for the admin users page. */
export async function listUsers(input: { actorId: string }, ctx: PlatformContext = platformContext()): Promise<AdminUserRow[]> {
  await requireAdmin(ctx.db, input.actorId);
  const users = await ctx.db.user.findMany({
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      email: true,
      role: true,
      disabledAt: true,
      createdAt: true,
      hostRequests: { where: { status: "PENDING" }, take: 1, select: { id: true, message: true, createdAt: true } },
    },
  });
  const rows = users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    disabled: u.disabledAt !== null,
    createdAt: u.createdAt,
    hostRequest: u.hostRequests[0] ?? null,
  }));
  return rows.sort((a, b) => Number(b.hostRequest !== null) - Number(a.hostRequest !== null));
}
