import { z } from "zod";

export const createTokenSchema = z.object({
  name: z.string().trim().min(1, "Name the token, e.g. the script that uses it").max(80),
});

export const revokeTokenSchema = z.object({ tokenId: z.string().min(1) });
