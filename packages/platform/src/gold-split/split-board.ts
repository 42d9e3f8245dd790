import type { Leaderboard } from "../leaderboard/board-types.ts";
import type { BoardEntry } from "../leaderboard/load-board-entries.ts";
import type { BoardPhase } from "../leaderboard/load-board-key.ts";
import { compareEntries, competitionRanks } from "../leaderboard/rank-entries.ts";
import { WHOLE_GOLD } from "./gold-part.ts";
import { SPLIT_PARTS, type GoldPart, type SplitPart } from "./gold-part.ts";
import { privatePartShown } from "./visible-part.ts";

/** The parts a phase's board can show, each ranked and tie-tested on its own: the whole gold, or with a split its two parts. */
export function boardParts(phase: Pick<BoardPhase, "publicFraction">): readonly GoldPart[] {
  return phase.publicFraction === null ? [WHOLE_GOLD] : SPLIT_PARTS;
}

/** What a board says about its part: nulls without a split. */
export function boardSplit(
  phase: Pick<BoardPhase, "publicFraction" | "endsAt" | "blind" | "resultsPublishedAt">,
  part: GoldPart,
  now: Date,
): Pick<Leaderboard, "split" | "splitInfo"> {
  if (phase.publicFraction === null || part === WHOLE_GOLD) return { split: null, splitInfo: null };
  return { split: part, splitInfo: { publicFraction: phase.publicFraction, privateShown: privatePartShown(phase, now) } };
}

/**
 * A split phase's board entries: the counted runs are chosen on the public part (each team's best
 * there, its last, or its selected final runs), as teams saw them during the phase; a public board
 * ranks them there, a private board ranks the same runs on the private part and keeps each run's
 * public rank for the shake-up column.
 */
export async function splitBoardEntries(
  load: (part: SplitPart) => Promise<BoardEntry[]>,
  /** The phase's counting rule (`chooseBoardEntries`). */
  choose: (entries: BoardEntry[]) => BoardEntry[],
  direction: "HIGHER" | "LOWER",
  part: SplitPart,
): Promise<{ chosen: BoardEntry[]; publicRanks: Map<string, number | null> | null }> {
  const counted = choose(await load("public"));
  if (part === "public") return { chosen: counted, publicRanks: null };
  const ranks = competitionRanks(counted);
  const publicRanks = new Map(counted.map((e, i) => [e.submissionId, ranks[i] ?? null]));
  const onPrivate = new Map((await load("private")).map((e) => [e.submissionId, e]));
  const chosen = counted
    .map((e) => onPrivate.get(e.submissionId))
    .filter((e): e is BoardEntry => e !== undefined)
    .sort((a, b) => compareEntries(direction, a, b));
  return { chosen, publicRanks };
}
