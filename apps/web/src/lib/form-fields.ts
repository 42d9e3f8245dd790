import { keySchema as platformKeySchema, slugSchema as platformSlugSchema } from "@hierboard/platform";
import { z } from "zod";
import { parseUtcInput } from "./utc";

/** A whole number from a form field; empty means "none" (null), e.g. "no limit". */
export const optionalWholeNumber = (min: number) =>
  z.union([z.string(), z.number(), z.null(), z.undefined()]).transform((value, ctx) => {
    if (value === null || value === undefined || String(value).trim() === "") return null;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) {
      ctx.addIssue({ code: "custom", message: `Enter a whole number of at least ${min}, or leave it empty` });
      return z.NEVER;
    }
    return n;
  });

/** A `datetime-local` value read as UTC. */
export const utcDateTime = z.string().transform((value, ctx) => {
  const date = parseUtcInput(value);
  if (!date) {
    ctx.addIssue({ code: "custom", message: "Enter a UTC date and time, e.g. 2026-12-01T00:00" });
    return z.NEVER;
  }
  return date;
});

/** A UTC date and time, or null when left empty. */
export const optionalUtcDateTime = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === "") return null;
    const date = parseUtcInput(value);
    if (!date) {
      ctx.addIssue({ code: "custom", message: "Enter a UTC date and time, e.g. 2026-12-01T00:00, or leave it empty" });
      return z.NEVER;
    }
    return date;
  });

/** The key of a subtask or phase: the platform's own rule, with a form message when it is left empty. */
export const keySchema = (what: string) => z.string().trim().min(1, `Give the ${what} a key`).pipe(platformKeySchema);

/** The slug of a task: the platform's own rule, with a form message when it is left empty. */
export const slugField = z.string().trim().min(1, "Give the task a key").pipe(platformSlugSchema);

/**
 * FormData → plain object for zod. Fields named `x[]` (or repeated) become
 * arrays; File entries are kept as they are.
 */
export function formDataToObject(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const out: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    if (key.startsWith("$ACTION")) continue;
    const values = form.getAll(key);
    if (key.endsWith("[]")) out[key.slice(0, -2)] = values;
    else out[key] = values.length > 1 ? values : (values[0] as FormDataEntryValue);
  }
  return out;
}
