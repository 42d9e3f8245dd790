import { z } from "zod";
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
  })
  .refine((p) => p.endsAt.getTime() > p.startsAt.getTime(), { path: ["endsAt"], message: "the phase must end after it starts" });
