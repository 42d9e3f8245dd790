/** The part name of statistics over the whole gold. */
export const WHOLE_GOLD = "all";

/** The parts of a phase's gold a submission is scored on: the whole, and with a split its public and private parts. */
export type GoldPart = typeof WHOLE_GOLD | SplitPart;

/** The two parts of a split gold. */
export type SplitPart = "public" | "private";

export const SPLIT_PARTS: readonly SplitPart[] = ["public", "private"];

/** A phase's split: the share of documents in the public part and the secret key that assigns them. */
export interface GoldSplit {
  publicFraction: number;
  /** Hex; stored on the phase, never shown or exported. */
  key: string;
}

/** The phase's split, or null when it has none (no fraction, or a phase created before splits had keys). */
export function goldSplitOf(phase: { publicFraction: number | null; splitKey: string | null }): GoldSplit | null {
  if (phase.publicFraction === null || phase.splitKey === null) return null;
  return { publicFraction: phase.publicFraction, key: phase.splitKey };
}
