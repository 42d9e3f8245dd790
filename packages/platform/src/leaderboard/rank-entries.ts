/** An entry competing on a board: its primary value (null = undefined) and its submission time. */
export interface RankableEntry {
  primary: number | null;
  submittedAt: Date;
  isBaseline: boolean;
}

/** -1 when `a` goes before `b`: better primary value first, undefined values last, earlier first on ties. */
export function compareEntries(direction: "HIGHER" | "LOWER", a: RankableEntry, b: RankableEntry): number {
  if (a.primary !== b.primary) {
    if (a.primary === null) return 1;
    if (b.primary === null) return -1;
    return direction === "HIGHER" ? b.primary - a.primary : a.primary - b.primary;
  }
  return a.submittedAt.getTime() - b.submittedAt.getTime();
}

/**
 * Standard competition ranks ("1224") over the non-baseline entries of an already sorted list;
 * baselines and undefined values get no rank.
 */
export function competitionRanks(sorted: readonly RankableEntry[]): (number | null)[] {
  let position = 0;
  let lastValue: number | null = null;
  let lastRank = 0;
  return sorted.map((entry) => {
    if (entry.isBaseline || entry.primary === null) return null;
    position += 1;
    if (position === 1 || entry.primary !== lastValue) lastRank = position;
    lastValue = entry.primary;
    return lastRank;
  });
}
