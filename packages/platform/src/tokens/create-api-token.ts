import { randomBytes } from "node:crypto";
import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { sha256Hex } from "../context/sha256.ts";

export const createApiTokenInput = z.object({
  userId: z.string().min(1),
  name: z.string().trim().min(1).max(80),
});

export interface ApiTokenSummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Tokens carry 256 random bits, so a plain sha256 is a safe, indexable way to store them. */
export function hashApiToken(token: string): string {
  return sha256Hex(token);
}

/** A new API token; the secret is in the result once and never stored. */
export async function createApiToken(
  input: z.input<typeof createApiTokenInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ token: string; apiToken: ApiTokenSummary }> {
  const data = createApiTokenInput.parse(input);
  await requireUser(ctx.db, data.userId);
  const token = `hb_${randomBytes(32).toString("base64url")}`;
  const apiToken = await ctx.db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: { userId: data.userId, name: data.name, tokenHash: hashApiToken(token), prefix: token.slice(0, 10) },
      select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    });
    await writeAudit(tx, { actorId: data.userId, action: "token.create", targetType: "apiToken", targetId: created.id, details: { name: data.name } });
    return created;
  });
  return { token, apiToken };
}
