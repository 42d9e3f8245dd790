import type { Phase } from "@hierboard/db";
import { z } from "zod";
import { publicFractionSchema } from "../gold-split/public-fraction.ts";
import { keySchema } from "../tasks/task-fields.ts";

const limit = z.number().int().min(1).nullable().default(null);

/** The organiser-editable fields of a phase. Dates are instants; the UI shows them in UTC. */
export const phaseFields = z
  .object({
    key: keySchema,
    name: z.string().trim().min(1).max(120),
    startsAt: z.coerce.date(),
    endsAt: z.coerce.date(),
    visibility: z.enum(["PUBLIC", "PRIVATE"]).default("PUBLIC"),
    dailyLimit: limit,
    totalLimit: limit,
    rule: z.enum(["BEST", "LAST"]).default("BEST"),
    // Blind: teams see "scored" without values until the results are published.
    blind: z.boolean().default(false),
    // Up to this many runs a team selects count; null = the rule picks one run.
    finalRuns: z.number().int().min(1).max(100).nullable().default(null),
    finalRunsBoard: z.enum(["RUNS", "TEAM_BEST"]).default("RUNS"),
    // Teams edit their system descriptions and paper links until then; null: no deadline.
    descriptionsCloseAt: z.coerce.date().nullable().default(null),
    // The share of gold documents in the public part; null = no split (see gold-split/).
    publicFraction: publicFractionSchema,
  })
  .refine((p) => p.endsAt.getTime() > p.startsAt.getTime(), { path: ["endsAt"], message: "the phase must end after it starts" });

/** The settings an audit entry records before and after a change. */
export function phaseAuditFields(p: Phase) {
  return {
    name: p.name,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    visibility: p.visibility,
    dailyLimit: p.dailyLimit,
    totalLimit: p.totalLimit,
    rule: p.rule,
    blind: p.blind,
    finalRuns: p.finalRuns,
    finalRunsBoard: p.finalRunsBoard,
    descriptionsCloseAt: p.descriptionsCloseAt?.toISOString() ?? null,
    publicFraction: p.publicFraction,
  };
}
