import { z } from "zod";

export const createTokenSchema = z.object({
  name: z.string().trim().min(1, "Name the token, e.g. the script that uses it").max(80),
  scope: z.enum(["SUBMIT", "READ"]).default("SUBMIT"),
  expiresInDays: z.coerce.number().int().min(1).max(365).default(90),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Enter your current password"),
  newPassword: z.string(),
});

export const revokeTokenSchema = z.object({ tokenId: z.string().min(1) });

export const notificationSchema = z.object({
  kind: z.string().min(1, "Expected the kind of mail to switch."),
  enabled: z.boolean({ error: "Expected on or off." }),
});
