import { z } from "zod";
import { isKnownMeasure } from "../scoring/measure-catalogue.ts";
import { keySchema, slugSchema } from "../tasks/task-fields.ts";
import { MAX_TASK_FILES, TASK_FILE_KINDS } from "../task-files/task-file-fields.ts";
import { taskFileDisplayNameProblem, taskFileNameProblem } from "../task-files/task-file-name.ts";
import { maxLabelsPerDocument } from "../subtasks/labels-per-document.ts";
import { BUNDLE_FORMAT, isSafeBundlePath } from "./task-bundle.ts";

// The manifest (`task.yaml`) of a task bundle. Subtask and phase settings use the database's
// column names, so the exporter copies and the importer passes exactly the keys listed in
// SUBTASK_SETTINGS / PHASE_SETTINGS: a new setting (blind mode, final runs, …) is ONE line here.

const utc = z.iso.datetime({ message: "expected a UTC time such as 2019-06-01T00:00:00.000Z" });
const limit = z.number().int().min(1).nullable().default(null);
const measure = z.string().refine(isKnownMeasure, { message: "expected a measure the engine knows (see `hierboard eval --help`)" });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "expected a sha256 as 64 lower-case hex digits");
const bundlePath = z
  .string()
  .refine(isSafeBundlePath, { message: "expected a relative path inside the bundle (letters, digits, . _ - and /; no ..)" });

/** A file of the bundle: its path in the bundle, its original name and its content hash. */
const fileRef = z.strictObject({ fileName: z.string().min(1).max(255), file: bundlePath, sha256 });
const versionedFile = z.strictObject({ version: z.number().int().min(1), ...fileRef.shape });

/** A name the platform would store exactly as written: no problem, already NFC, no spaces at the ends. */
const storedAsWritten = (problemOf: (name: string) => { message: string } | null) =>
  z.string().superRefine((name, ctx) => {
    const problem = problemOf(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message });
    else if (name !== name.normalize("NFC") || name !== name.trim())
      ctx.addIssue({ code: "custom", message: "expected the name in Unicode NFC, with no spaces at either end" });
  });

/** A public file of the task (starting kit, licence, …), optionally tied to a phase by its key. */
const publicFile = z.strictObject({
  name: storedAsWritten(taskFileDisplayNameProblem),
  kind: z.enum(TASK_FILE_KINDS),
  phase: keySchema.nullable().default(null),
  fileName: storedAsWritten(taskFileNameProblem),
  file: bundlePath,
  sha256,
});

export const SUBTASK_SETTINGS = {
  name: z.string().min(1).max(120),
  description: z.string().max(10_000).default(""),
  maxDepth: z.number().int().min(1).nullable().default(null),
  section: z.enum(["a", "b"]).nullable().default(null),
  measuresShown: z.array(measure).min(1),
  primaryMeasure: measure,
  primaryDirection: z.enum(["HIGHER", "LOWER"]).default("HIGHER"),
  unknownLabels: z.enum(["error", "drop"]).default("error"),
  missingDocuments: z.enum(["empty", "error"]).default("empty"),
  bootstrap: z.number().int().min(0).max(10_000).default(0),
  maxLabelsPerDocument,
};

export const PHASE_SETTINGS = {
  name: z.string().min(1).max(120),
  startsAt: utc,
  endsAt: utc,
  visibility: z.enum(["PUBLIC", "PRIVATE"]).default("PUBLIC"),
  dailyLimit: limit,
  totalLimit: limit,
  rule: z.enum(["BEST", "LAST"]).default("BEST"),
};

const subtask = z.strictObject({
  key: keySchema,
  /** The taxonomy version the subtask uses (a `taxonomies[].version`). */
  taxonomy: z.number().int().min(1),
  ...SUBTASK_SETTINGS,
});

const phase = z.strictObject({ key: keySchema, ...PHASE_SETTINGS, gold: z.array(versionedFile).default([]) });

const unique = <T>(
  items: readonly T[],
  keyOf: (item: T) => string | number,
  ctx: z.RefinementCtx,
  path: (string | number)[],
  what: string,
) => {
  const seen = new Set<string | number>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    if (seen.has(key)) ctx.addIssue({ code: "custom", path: [...path, i], message: `expected each ${what} once, found "${key}" again` });
    seen.add(key);
  });
};

const consecutive = (items: readonly { version: number }[], ctx: z.RefinementCtx, path: (string | number)[]) =>
  items.forEach((item, i) => {
    if (item.version !== i + 1)
      ctx.addIssue({
        code: "custom",
        path: [...path, i, "version"],
        message: `expected version ${i + 1} (versions count 1, 2, … in order), found ${item.version}`,
      });
  });

export const bundleManifest = z
  .strictObject({
    format: z.literal(BUNDLE_FORMAT, { message: `expected format: ${BUNDLE_FORMAT}` }),
    task: z.strictObject({ slug: slugSchema, title: z.string().trim().min(3).max(120), description: z.string().max(50_000).default("") }),
    taxonomies: z.array(versionedFile).min(1, "expected at least one taxonomy"),
    subtasks: z.array(subtask).default([]),
    phases: z.array(phase).default([]),
    // Absent in bundles of tasks without public files (and in bundles written before they existed).
    files: z.array(publicFile).max(MAX_TASK_FILES, `expected at most ${MAX_TASK_FILES} public files`).default([]),
  })
  .superRefine((m, ctx) => {
    consecutive(m.taxonomies, ctx, ["taxonomies"]);
    unique(m.subtasks, (s) => s.key, ctx, ["subtasks"], "subtask key");
    unique(m.phases, (p) => p.key, ctx, ["phases"], "phase key");
    m.subtasks.forEach((s, i) => {
      if (!m.taxonomies.some((t) => t.version === s.taxonomy))
        ctx.addIssue({
          code: "custom",
          path: ["subtasks", i, "taxonomy"],
          message: `expected one of the taxonomy versions ${m.taxonomies.map((t) => t.version).join(", ")}, found ${s.taxonomy}`,
        });
      if (!s.measuresShown.includes(s.primaryMeasure))
        ctx.addIssue({
          code: "custom",
          path: ["subtasks", i, "measuresShown"],
          message: `expected the primary measure ${s.primaryMeasure} among the shown measures`,
        });
    });
    m.phases.forEach((p, i) => {
      if (Date.parse(p.endsAt) <= Date.parse(p.startsAt))
        ctx.addIssue({
          code: "custom",
          path: ["phases", i, "endsAt"],
          message: `expected the phase to end after it starts (${p.startsAt}), found ${p.endsAt}`,
        });
      consecutive(p.gold, ctx, ["phases", i, "gold"]);
    });
    const phaseKeys = m.phases.map((p) => p.key);
    m.files.forEach((f, i) => {
      if (f.phase !== null && !phaseKeys.includes(f.phase))
        ctx.addIssue({
          code: "custom",
          path: ["files", i, "phase"],
          message: `expected null or one of the phase keys ${phaseKeys.join(", ") || "(none)"}, found ${f.phase}`,
        });
    });
    // Download names are unique per task in any letter case (they land in one folder on a disk).
    unique(m.files, (f) => f.fileName.toLowerCase(), ctx, ["files"], "public file name (in any letter case)");
    const files = [
      ...m.taxonomies.map((t, i) => [t.file, ["taxonomies", i, "file"]] as const),
      ...m.phases.flatMap((p, i) => p.gold.map((g, j) => [g.file, ["phases", i, "gold", j, "file"]] as const)),
      ...m.files.map((f, i) => [f.file, ["files", i, "file"]] as const),
    ];
    const seen = new Set<string>();
    for (const [file, path] of files) {
      if (seen.has(file))
        ctx.addIssue({ code: "custom", path: [...path], message: `expected each bundle file to be used once, found "${file}" again` });
      seen.add(file);
    }
  });

export type BundleManifest = z.output<typeof bundleManifest>;
