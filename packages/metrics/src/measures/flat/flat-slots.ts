import { statisticSlots } from "../../scoring/statistic-slots.ts";

/** The flat family's statistics: the named document-level sums, then TP, FP and FN per label. */
export const FLAT_SLOTS = statisticSlots("tp", "fp", "fn", "exact", "wrong");

/** Where the per-label TP block starts (FP and FN follow, one taxonomy size apart). */
export const FLAT_LABEL_HEAD = FLAT_SLOTS.width;
