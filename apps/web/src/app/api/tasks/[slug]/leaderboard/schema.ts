import { z } from "zod";

export const leaderboardQuerySchema = z.object({
  phase: z.string().trim().min(1, "Pass ?phase=<phase key>"),
  subtask: z.string().trim().min(1).optional(),
});
