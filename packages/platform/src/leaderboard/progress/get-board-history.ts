import { platformContext, type PlatformContext } from "../../context/platform-context.ts";
import type { GoldPart } from "../../gold-split/gold-part.ts";
import { WHOLE_GOLD } from "../../gold-split/gold-part.ts";
import { primaryDirectionOf } from "../../scoring/measure-catalogue.ts";
import type { LeaderboardMeasure } from "../board-types.ts";
import { getLeaderboard } from "../get-leaderboard.ts";
import { loadBoardEntries } from "../load-board-entries.ts";
import { loadBoardKey } from "../load-board-key.ts";
import { boardMeasure } from "../measure-rankings.ts";
import { progressSeries, type BaselineLevel, type TeamProgress } from "./progress-series.ts";

/**
 * The part of the test set a history is scored on: the one its board shows ("all" without a
 * split; in a split phase the public part while the private one is hidden, then the private part).
 */
export type HistoryPart = GoldPart;

export interface BoardHistory {
  phase: { key: string; name: string; endsAt: Date };
  subtask: { key: string; name: string };
  measure: LeaderboardMeasure;
  part: HistoryPart;
  /** The series run until the phase's end, or until now while it is open. */
  until: Date;
  /** As on the board: hidden boards give only the viewer's own team's series (private phases) or none (blind phases). */
  hidden: boolean;
  hiddenBy?: "PRIVATE" | "BLIND";
  series: TeamProgress[];
  baselines: BaselineLevel[];
}

/**
 * Each team's best primary score over a phase, for the board's progress chart: one step series per
 * team and the baselines as levels, from every counted scored submission (not invalidated, not of a
 * disqualified team; the board's `loadBoardEntries`). Whoever may see what follows the board itself
 * (`getLeaderboard`): unknown or draft tasks are not found, a hidden board's history holds only the
 * submissions that board shows the viewer.
 */
export async function getBoardHistory(
  input: {
    slug: string;
    phaseKey: string;
    subtaskKey: string | null;
    viewerId: string | null;
    previewToken?: string | null;
  },
  ctx: PlatformContext = platformContext(),
): Promise<BoardHistory> {
  const board = await getLeaderboard(input, ctx);
  const { phase, subtask } = await loadBoardKey(ctx.db, input.slug, board.phase.key, board.subtask.key);
  const part: HistoryPart = board.split ?? WHOLE_GOLD;
  const direction = primaryDirectionOf(board.primaryMeasure);
  const all =
    phase && subtask
      ? await loadBoardEntries(ctx.db, { phaseId: phase.id, subtaskId: subtask.id, primaryMeasure: board.primaryMeasure, part })
      : [];
  const shown = new Set(board.rows.map((r) => r.submissionId));
  const entries = board.hidden ? all.filter((e) => shown.has(e.submissionId)) : all;
  const now = ctx.now();
  return {
    phase: board.phase,
    subtask: board.subtask,
    measure: boardMeasure(board.primaryMeasure),
    part,
    until: board.phase.endsAt.getTime() < now.getTime() ? board.phase.endsAt : now,
    hidden: board.hidden,
    ...(board.hiddenBy ? { hiddenBy: board.hiddenBy } : {}),
    ...progressSeries(entries, direction),
  };
}
