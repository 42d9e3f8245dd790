import type { GoldPart } from "./gold-part.ts";
import { shownPart, type SplitPhaseFields } from "./visible-part.ts";

/** A submission read with the score sets of every part, keeping only those of the part its phase shows at `now` (see `shownPart`). */
export function withShownPart<S extends { phase: SplitPhaseFields; scoreSets: { part: string }[] }>(
  s: S,
  now: Date,
): S & { part: GoldPart } {
  const part = shownPart(s.phase, now);
  return { ...s, part, scoreSets: s.scoreSets.filter((set) => set.part === part) };
}
