import { z } from "zod";

export const historyQuerySchema = z.object({
  phase: z.string().trim().min(1, "Pass ?phase=<phase key>"),
  subtask: z.string().trim().min(1).optional(),
  /** `json` (default) is `{ history }`; `csv` is one line per step and per baseline. */
  format: z.enum(["json", "csv"]).default("json"),
});
