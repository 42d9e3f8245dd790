import { isTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { primaryDirectionOf } from "../scoring/measure-catalogue.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import type { SplitPart } from "../gold-split/gold-part.ts";
import { requestedPart } from "../gold-split/visible-part.ts";
import { canSeeTask } from "../tasks/task-visibility.ts";
import type { Leaderboard } from "./board-types.ts";
import { cachedBoard } from "./board-cache.ts";
import { boardRows, emptyBoard } from "./build-board.ts";
import { loadBoardEntries } from "./load-board-entries.ts";
import { loadBoardKey } from "./load-board-key.ts";
import { compareEntries } from "./rank-entries.ts";

/**
 * The board of one phase and subtask as the viewer may see it (rules in resultsVisibility). Public
 * phases, ended private phases, published blind phases and organisers get the full board (cached
 * per phase and subtask: the board job's stored board, or one built here when the stored one is
 * stale; a read never enqueues anything). Otherwise everyone else gets `hidden: true`;
 * in a private phase a team member sees only their own team's scored submissions, unranked, and in
 * a blind phase nothing.
 */
export async function getLeaderboard(
  input: {
    slug: string;
    phaseKey: string;
    subtaskKey: string | null;
    viewerId: string | null;
    previewToken?: string | null;
    /** A split phase's part (default: the one it shows, see `shownPart`); private is FORBIDDEN while hidden. */
    split?: SplitPart;
  },
  ctx: PlatformContext = platformContext(),
): Promise<Leaderboard> {
  const [{ taskId, phase, subtask, fingerprint }, viewer, lifecycle] = await Promise.all([
    loadBoardKey(ctx.db, input.slug, input.phaseKey, input.subtaskKey),
    input.viewerId ? ctx.db.user.findUnique({ where: { id: input.viewerId }, select: { id: true, role: true } }) : null,
    ctx.db.task.findUnique({ where: { slug: input.slug }, select: { id: true, status: true, previewToken: true } }),
  ]);
  if (!taskId || !lifecycle || !(await canSeeTask(ctx.db, viewer, lifecycle, input.previewToken)))
    throw new AppError("NOT_FOUND", `No task "${input.slug}".`);
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${input.phaseKey}".`);
  if (!subtask) throw new AppError("NOT_FOUND", input.subtaskKey ? `No subtask "${input.subtaskKey}".` : "This task has no subtasks yet.");
  const task = { id: taskId };

  const part = requestedPart(phase, ctx.now(), input.split);
  const visible = resultsVisibility(phase, ctx.now());
  const organiser = !visible.boardPublic && viewer ? await isTaskOrganiser(ctx.db, viewer, task.id) : false;
  if (visible.boardPublic || organiser) {
    return cachedBoard(ctx.db, phase, subtask, fingerprint, part, ctx.now());
  }

  const board: Leaderboard = { ...emptyBoard(phase, subtask, part, ctx.now()), hidden: true, hiddenBy: phase.blind ? "BLIND" : "PRIVATE" };
  // Blind: not even a team's own scores until the results are published.
  if (!visible.teamSeesScores) return board;
  const membership = viewer
    ? await ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: viewer.id } }, select: { teamId: true } })
    : null;
  if (!membership) return board;
  const own = await loadBoardEntries(ctx.db, {
    phaseId: phase.id,
    subtaskId: subtask.id,
    primaryMeasure: subtask.primaryMeasure,
    part,
    teamId: membership.teamId,
  });
  own.sort((a, b) => compareEntries(primaryDirectionOf(subtask.primaryMeasure), a, b));
  board.rows = await boardRows(ctx.db, subtask, own, false, part);
  board.goldVersions = [...new Set(own.map((e) => e.goldVersion))].sort((a, b) => a - b);
  return board;
}
