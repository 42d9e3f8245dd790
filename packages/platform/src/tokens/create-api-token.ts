import { randomBytes } from "node:crypto";
import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { sha256Hex } from "../context/sha256.ts";

export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;

export const createApiTokenInput = z.object({
  userId: z.string().min(1),
  name: z.string().trim().min(1).max(80),
  /** SUBMIT: create and read the owner's submissions; READ: read only. */
  scope: z.enum(["SUBMIT", "READ"]).default("SUBMIT"),
  /** Days until the token stops working. */
  expiresInDays: z.coerce.number().int().min(1).max(MAX_TOKEN_DAYS).default(DEFAULT_TOKEN_DAYS),
});

export interface ApiTokenSummary {
  id: string;
  name: string;
  prefix: string;
  scope: "SUBMIT" | "READ";
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export const apiTokenSummarySelect = {
  id: true,
  name: true,
  prefix: true,
  scope: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

/** Tokens carry 256 random bits, so a plain sha256 is a safe, indexable way to store them. */
export function hashApiToken(token: string): string {
  return sha256Hex(token);
}

/** A new API token with a scope and an expiry; the secret is in the result once and never stored. */
export async function createApiToken(
  input: z.input<typeof createApiTokenInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ token: string; apiToken: ApiTokenSummary }> {
  const data = createApiTokenInput.parse(input);
  await requireUser(ctx.db, data.userId);
  const token = `hb_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(ctx.now().getTime() + data.expiresInDays * 24 * 60 * 60 * 1000);
  const apiToken = await ctx.db.$transaction(async (tx) => {
    const created = await tx.apiToken.create({
      data: {
        userId: data.userId,
        name: data.name,
        tokenHash: hashApiToken(token),
        prefix: token.slice(0, 10),
        scope: data.scope,
        expiresAt,
      },
      select: apiTokenSummarySelect,
    });
    await writeAudit(tx, {
      actorId: data.userId,
      action: "token.create",
      targetType: "apiToken",
      targetId: created.id,
      details: { name: data.name, scope: data.scope, expiresAt: expiresAt.toISOString() },
    });
    return created;
  });
  return { token, apiToken };
}
