import { Prisma } from "@hierboard/db";
import { z } from "zod";
import { keySchema } from "../tasks/task-fields.ts";
import { isKnownMeasure } from "../scoring/measure-catalogue.ts";
import { cafaSubtaskOptions } from "../cafa/cafa-subtask-options.ts";
import { maxLabelsPerDocument } from "./labels-per-document.ts";

const measureKey = z.string().min(1).refine(isKnownMeasure, { message: "not a measure the engine knows" });

/** The organiser-editable fields of a subtask. */
export const subtaskFields = z
  .object({
    key: keySchema,
    name: z.string().trim().min(1).max(120),
    description: z.string().max(10_000).default(""),
    taxonomyVersionId: z.string().min(1),
    maxDepth: z.number().int().min(1).nullable().default(null),
    section: z.enum(["a", "b"]).nullable().default(null),
    measuresShown: z.array(measureKey).min(1),
    primaryMeasure: measureKey,
    unknownLabels: z.enum(["error", "drop"]).default("error"),
    // A file that lacks gold documents is refused unless the organiser accepts partial files.
    missingDocuments: z.enum(["empty", "error"]).default("error"),
    bootstrap: z.number().int().min(0).max(10_000).default(0),
    maxLabelsPerDocument,
    // A CAFA-style subtask: score files (protein<TAB>term<TAB>score) and the cafa family under these options.
    cafa: cafaSubtaskOptions.nullable().default(null),
    showAverageRank: z.boolean().default(false),
  })
  .transform((s) => ({
    ...s,
    // The primary measure is always on the board.
    measuresShown: [...new Set(s.measuresShown.includes(s.primaryMeasure) ? s.measuresShown : [s.primaryMeasure, ...s.measuresShown])],
  }));

export type SubtaskFields = z.output<typeof subtaskFields>;

/** The fields as the database stores them: a subtask without CAFA options stores SQL NULL. */
export function subtaskRow(fields: SubtaskFields) {
  return { ...fields, cafa: fields.cafa ?? Prisma.DbNull };
}
