import { z } from "zod";

export const createTeamSchema = z.object({
  slug: z.string().min(1),
  name: z.string().trim().min(2, "Use at least 2 characters").max(60, "Use at most 60 characters"),
  acceptTerms: z.boolean().default(false),
});

export const joinTeamSchema = z.object({
  slug: z.string().min(1),
  code: z.string().trim().min(4, "Paste the invite code your team mate shared").max(64),
});

export const createInviteSchema = z.object({ slug: z.string().min(1) });
