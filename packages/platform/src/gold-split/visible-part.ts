import type { Phase } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";
import { WHOLE_GOLD } from "./gold-part.ts";
import type { GoldPart, SplitPart } from "./gold-part.ts";

export type SplitPhaseFields = Pick<Phase, "publicFraction" | "endsAt" | "blind" | "resultsPublishedAt">;

/**
 * Whether a split phase's private part may be shown at `now`: once the phase has ended, and in a
 * blind phase once its results are published too. Until then everyone, organisers included, sees
 * the public part only, on the board, the team's pages, the API and every export.
 */
export function privatePartShown(phase: SplitPhaseFields, now: Date): boolean {
  const ended = now.getTime() >= phase.endsAt.getTime();
  if (!phase.blind) return ended;
  return ended && phase.resultsPublishedAt !== null && phase.resultsPublishedAt.getTime() <= now.getTime();
}

/** The part every read shows by default: the whole gold without a split, else public until the private part is shown, then private. */
export function shownPart(phase: SplitPhaseFields, now: Date): GoldPart {
  if (phase.publicFraction === null) return WHOLE_GOLD;
  return privatePartShown(phase, now) ? "private" : "public";
}

/**
 * The part a board request asks for (`split=public|private`), checked: none asks for the default;
 * a phase without a split has no parts; the private part is refused while it is hidden.
 */
export function requestedPart(phase: SplitPhaseFields, now: Date, split: SplitPart | undefined): GoldPart {
  if (split === undefined) return shownPart(phase, now);
  if (phase.publicFraction === null) {
    throw new AppError("INVALID_INPUT", `This phase has no public/private split: expected no split parameter, got split=${split}.`);
  }
  if (split === "private" && !privatePartShown(phase, now)) {
    throw new AppError(
      "FORBIDDEN",
      phase.blind
        ? "The private part's scores stay hidden until the phase's results are published: ask for split=public."
        : "The private part's scores stay hidden until the phase ends: ask for split=public.",
    );
  }
  return split;
}

/**
 * The part that picks a team's counted runs (its best run, under the rule BEST): the public part in
 * a split phase, during it and after, as on Kaggle; the counted runs are then ranked on the part
 * shown. The whole gold without a split.
 */
export function selectionPart(phase: Pick<Phase, "publicFraction">): GoldPart {
  return phase.publicFraction === null ? WHOLE_GOLD : "public";
}

/** Whether a stored part's scores may be shown at `now`: in a split phase, the whole gold reveals the private part, so both wait for it. */
export function partVisible(phase: SplitPhaseFields, part: string, now: Date): boolean {
  if (phase.publicFraction === null || part === "public") return true;
  return privatePartShown(phase, now);
}
