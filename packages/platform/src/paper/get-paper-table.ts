import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { getLeaderboard } from "../leaderboard/get-leaderboard.ts";
import { loadBoardKey } from "../leaderboard/load-board-key.ts";
import { boardToLatex } from "./board-to-latex.ts";
import { boardToMarkdown } from "./board-to-markdown.ts";
import { paperTable } from "./paper-table.ts";
import { loadRowSystems, withSystems } from "./paper-systems.ts";

export const getPaperTableInput = z.object({
  slug: z.string().min(1),
  phaseKey: z.string().min(1),
  subtaskKey: z.string().min(1).nullable(),
  viewerId: z.string().min(1).nullable(),
  format: z.enum(["latex", "markdown"]),
  /** Add a column of system names and the list of the papers they cite (the teams' descriptions). */
  systems: z.boolean().default(false),
  /** A split phase's part (see getLeaderboard). */
  split: z.enum(["public", "private"]).optional(),
});

export interface PaperTableText {
  format: "latex" | "markdown";
  text: string;
  /** `<slug>-<phase>-<subtask>-results.tex|md` */
  fileName: string;
}

/**
 * The board of a phase and subtask as the results table of an overview paper, in LaTeX (booktabs)
 * or Markdown; with `systems`, a column of system names and the papers they cite. The viewer must be allowed to see the full board (a private phase's board is
 * hidden until it ends, except from its organisers). Tie groups are waited for, so the table is
 * never printed without them.
 */
export async function getPaperTable(
  input: z.input<typeof getPaperTableInput>,
  ctx: PlatformContext = platformContext(),
): Promise<PaperTableText> {
  const data = getPaperTableInput.parse(input);
  const board = await getLeaderboard(
    { slug: data.slug, phaseKey: data.phaseKey, subtaskKey: data.subtaskKey, viewerId: data.viewerId, split: data.split },
    ctx,
  );
  if (board.hidden) throw new AppError("FORBIDDEN", `The board of phase "${data.phaseKey}" is hidden until the phase ends.`);
  if (board.ties.pending) {
    // The worker's board job (enqueued by getLeaderboard) stores the tie groups; a table never goes out without them.
    throw new AppError("SERVER_BUSY", "The board's tie tests are still running; try again in a few seconds.", { retryAfterSeconds: 5 });
  }
  const key = await loadBoardKey(ctx.db, data.slug, data.phaseKey, data.subtaskKey);
  const subtask = await ctx.db.subtask.findUniqueOrThrow({
    where: { id: key.subtask!.id },
    select: { bootstrap: true, task: { select: { title: true } } },
  });
  const plain = paperTable(board, { slug: data.slug, taskTitle: subtask.task.title, bootstrap: subtask.bootstrap });
  const table = data.systems ? withSystems(plain, data.slug, await loadRowSystems(ctx.db, board.rows)) : plain;
  const text = data.format === "latex" ? boardToLatex(table) : boardToMarkdown(table);
  const part = board.split ? `-${board.split}` : "";
  return { format: data.format, text, fileName: `${table.id}${part}-results.${data.format === "latex" ? "tex" : "md"}` };
}
