// The installation's first admin, created on the first start. Its password is printed once and
// never stored; `<data>/admin-created.json` records only when and for whom it was printed.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createUser, type PlatformContext } from "@hierboard/platform";

export const ADMIN_EMAIL = "admin@hierboard.local";
const MARKER = "admin-created.json";

export interface AdminAccount {
  id: string;
  email: string;
  /** Only when this call created the account. */
  password?: string;
}

export async function ensureAdmin(ctx: PlatformContext, dataDir: string): Promise<AdminAccount> {
  const existing = await ctx.db.user.findUnique({ where: { email: ADMIN_EMAIL }, select: { id: true, email: true } });
  // The account itself is the real marker: a database without it (a new DATABASE_URL, a reset)
  // gets a new admin, and its password is printed for that database once.
  if (existing) return existing;
  const password = randomBytes(12).toString("base64url");
  const user = await createUser({ name: "HierBoard admin", email: ADMIN_EMAIL, password, role: "ADMIN" }, ctx);
  await writeFile(path.join(dataDir, MARKER), `${JSON.stringify({ email: user.email, createdAt: new Date().toISOString() })}\n`, {
    mode: 0o600,
  });
  return { id: user.id, email: user.email, password };
}
