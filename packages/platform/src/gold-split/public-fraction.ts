import { z } from "zod";
/** A phase's public share of the gold: null (no split) or strictly between 0 and 1. */
export const publicFractionSchema = z
  .number()
  .gt(0, "expected a public fraction above 0 (or none, for no split)")
  .lt(1, "expected a public fraction below 1 (or none, for no split)")
  .nullable()
  .default(null);
