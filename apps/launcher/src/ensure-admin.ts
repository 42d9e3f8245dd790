// The installation's first admin, created on the first start. Its password is printed once and
// never stored; the marker file records only that (and for whom) it was printed.
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
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
  if (existing) return existing;
  const marker = await readFile(path.join(dataDir, MARKER), "utf8").catch(() => undefined);
  if (marker) {
    // The marker says we created it here; the database no longer has it (reset by hand?).
    throw new Error(`${path.join(dataDir, MARKER)} says the admin was created, but ${ADMIN_EMAIL} is not in the database; remove the marker to create it again`);
  }
  const password = randomBytes(12).toString("base64url");
  const user = await createUser({ name: "HierBoard admin", email: ADMIN_EMAIL, password, role: "ADMIN" }, ctx);
  await writeFile(path.join(dataDir, MARKER), `${JSON.stringify({ email: user.email, createdAt: new Date().toISOString() })}\n`, { mode: 0o600 });
  return { id: user.id, email: user.email, password };
}
