import { z } from "zod";

export const leaderboardQuerySchema = z.object({
  phase: z.string().trim().min(1, "Pass ?phase=<phase key>"),
  subtask: z.string().trim().min(1).optional(),
  /**
   * `json` (default) wraps the board as `{ leaderboard }`; `csv` is a spreadsheet download;
   * `latex` (booktabs) and `markdown` are the results table for the paper.
   */
  format: z.enum(["json", "csv", "latex", "markdown"]).default("json"),
  /** A column (rank, team, submitted or a measure key); the order defaults to the column's best first. */
  sort: z.string().trim().min(1).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  /** LaTeX and Markdown: `systems=1` adds a column of system names and the papers they cite. */
  systems: z
    .enum(["0", "1"], { message: "Pass systems=1 or systems=0" })
    .default("0")
    .transform((value) => value === "1"),
  /** A split phase's part of the test set; default: the one the board shows (public until the phase ends, then private). */
  split: z.enum(["public", "private"], "expected split=public or split=private").optional(),
});
