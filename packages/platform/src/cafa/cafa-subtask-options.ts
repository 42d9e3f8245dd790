import { cafaOptions } from "@hierboard/metrics";
import { z } from "zod";

/** The CAFA options an organiser chooses per subtask; the defaults are CAFA-evaluator's. */
export type CafaSubtaskOptions = {
  propagation: "max" | "fill";
  normalisation: "cafa" | "gt" | "pred";
  thresholdStep: number;
  excludeRoots: boolean;
};

/**
 * A CAFA-style subtask's options, checked by the engine's own reader (one copy of the rule):
 * missing fields take CAFA-evaluator's defaults, anything else is refused with what was expected.
 */
export const cafaSubtaskOptions = z
  .record(z.string(), z.unknown(), { message: "expected the CAFA options as an object" })
  .transform((raw, ctx): CafaSubtaskOptions => {
    try {
      const { propagation, normalisation, thresholdStep, excludeRoots } = cafaOptions({ cafa: raw });
      if ("ia" in raw) throw new Error('expected the IA file attached to the taxonomy version, got an "ia" option');
      return { propagation, normalisation, thresholdStep, excludeRoots };
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });

/** The stored options (a JSON column) back as options; null for a subtask that is not CAFA-style. */
export function storedCafaOptions(value: unknown): CafaSubtaskOptions | null {
  if (value === null || value === undefined) return null;
  return cafaSubtaskOptions.parse(value);
}
