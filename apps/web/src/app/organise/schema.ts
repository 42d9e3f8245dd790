import { z } from "zod";
import { keySchema, optionalUtcDateTime, optionalWholeNumber, slugField, utcDateTime } from "@/lib/form-fields";

export const taskFormSchema = z.object({
  slug: slugField,
  title: z.string().trim().min(3, "Use at least 3 characters").max(120),
  description: z.string().max(50_000).default(""),
});

export const uploadFileSchema = z.object({
  file: z.instanceof(File, { message: "Choose a file" }).refine((file) => file.size > 0, "The file is empty"),
});

/** Bootstrap resamples the form offers for a subtask's intervals: off, 200 or 1,000 (the API takes 0–10,000). */
export const BOOTSTRAP_CHOICES = [0, 200, 1000] as const;

export const subtaskFormSchema = z
  .object({
    key: keySchema("subtask"),
    name: z.string().trim().min(1, "Name the subtask").max(120),
    description: z.string().max(10_000).default(""),
    taxonomyVersionId: z.string().min(1, "Upload a taxonomy first"),
    maxDepth: optionalWholeNumber(1),
    section: z
      .enum(["", "a", "b"])
      .default("")
      .transform((value) => (value === "" ? null : value)),
    measuresShown: z.array(z.string().min(1)).min(1, "Show at least one measure"),
    primaryMeasure: z.string().min(1, "Choose the primary measure"),
    unknownLabels: z.enum(["error", "drop"]).default("error"),
    missingDocuments: z.enum(["empty", "error"]).default("error"),
    bootstrap: z.coerce
      .number({ message: "Choose the number of bootstrap resamples" })
      .int("Choose a whole number of resamples")
      .min(0, "Resamples cannot be negative")
      .max(10_000, "At most 10,000 resamples")
      .default(0),
    maxLabelsPerDocument: z.coerce
      .number({ message: "Enter the most labels a document may carry" })
      .int("Enter a whole number of labels")
      .min(1, "Allow at least 1 label per document")
      .max(100_000, "At most 100,000 labels per document")
      .default(1000),
    // A checkbox: present ("on") when ticked.
    showAverageRank: z
      .string()
      .optional()
      .transform((value) => value !== undefined),
    // "labels": label-set predictions; "cafa": score files scored as CAFA-evaluator does, with the options below.
    predictions: z.enum(["labels", "cafa"]).default("labels"),
    cafaPropagation: z.enum(["max", "fill"]).default("max"),
    cafaNormalisation: z.enum(["cafa", "gt", "pred"]).default("cafa"),
    cafaThresholdStep: z.coerce.number({ message: "Enter the threshold step, e.g. 0.01" }).default(0.01),
    // A checkbox: present ("on") when ticked.
    cafaExcludeRoots: z
      .string()
      .optional()
      .transform((value) => value !== undefined),
  })
  .transform(({ predictions, cafaPropagation, cafaNormalisation, cafaThresholdStep, cafaExcludeRoots, ...subtask }) => ({
    ...subtask,
    cafa:
      predictions === "cafa"
        ? {
            propagation: cafaPropagation,
            normalisation: cafaNormalisation,
            thresholdStep: cafaThresholdStep,
            excludeRoots: cafaExcludeRoots,
          }
        : null,
    // The primary measure is always on the board.
    measuresShown: subtask.measuresShown.includes(subtask.primaryMeasure)
      ? subtask.measuresShown
      : [subtask.primaryMeasure, ...subtask.measuresShown],
  }));

/** A percentage strictly between 0 and 100, or empty for none, read as a fraction (30 → 0.3). */
const publicPercent = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined || String(value).trim() === "") return null;
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || n >= 100) {
      ctx.addIssue({
        code: "custom",
        message: `Enter a percentage above 0 and below 100, or leave it empty for no split (got ${String(value)})`,
      });
      return z.NEVER;
    }
    return n / 100;
  });

export const iaFormSchema = uploadFileSchema.extend({
  taxonomyVersion: z.coerce.number({ message: "Choose a taxonomy version" }).int().min(1, "Choose a taxonomy version"),
});

export const phaseFormSchema = z
  .object({
    key: keySchema("phase"),
    name: z.string().trim().min(1, "Name the phase").max(120),
    startsAt: utcDateTime,
    endsAt: utcDateTime,
    visibility: z.enum(["PUBLIC", "PRIVATE"]),
    dailyLimit: optionalWholeNumber(1),
    totalLimit: optionalWholeNumber(1),
    rule: z.enum(["BEST", "LAST"]),
    // A checkbox: present ("on") when ticked.
    blind: z
      .string()
      .optional()
      .transform((value) => value !== undefined),
    finalRuns: optionalWholeNumber(1)
      .optional()
      .transform((n) => n ?? null),
    finalRunsBoard: z.enum(["RUNS", "TEAM_BEST"]).default("RUNS"),
    descriptionsCloseAt: optionalUtcDateTime,
    // The public part of the test set in percent (empty = no split), stored as a fraction.
    publicFraction: publicPercent,
    // "and invalidate N later submissions", when moving the end before existing submissions.
    invalidateLater: optionalWholeNumber(1)
      .optional()
      .transform((n) => n ?? undefined),
  })
  .refine((phase) => phase.endsAt.getTime() > phase.startsAt.getTime(), {
    path: ["endsAt"],
    message: "The phase must end after it starts",
  });

export const addOwnerFormSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("Enter the co-organiser's account email")),
});

export const goldFormSchema = uploadFileSchema.extend({ phaseKey: z.string().min(1) });

/** A task bundle zip, optionally imported under another slug. */
export const importBundleFormSchema = uploadFileSchema.extend({
  slug: z
    .string()
    .trim()
    .optional()
    .transform((s) => (s ? s : undefined)),
});
