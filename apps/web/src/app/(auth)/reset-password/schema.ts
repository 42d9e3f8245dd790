import { z } from "zod";

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "This page needs the link from the mail: open the link again, or ask for a new one."),
  password: z.string().min(10, "Expected at least 10 characters; a few unrelated words work well."),
});
