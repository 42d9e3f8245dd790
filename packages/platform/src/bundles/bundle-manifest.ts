import { z } from "zod";
import { publicFractionSchema } from "../gold-split/public-fraction.ts";
import { isKnownMeasure, primaryDirectionOf } from "../scoring/measure-catalogue.ts";
import { keySchema, slugSchema } from "../tasks/task-fields.ts";
import { MAX_TASK_FILES, TASK_FILE_KINDS } from "../task-files/task-file-fields.ts";
import { taskFileDisplayNameProblem, taskFileNameProblem } from "../task-files/task-file-name.ts";
import { maxLabelsPerDocument } from "../subtasks/labels-per-document.ts";
import { cafaSubtaskOptions } from "../cafa/cafa-subtask-options.ts";
import { BUNDLE_FORMAT, isSafeBundlePath } from "./task-bundle.ts";

// The manifest (`task.yaml`) of a task bundle. Task, subtask and phase settings use the database's
// column names, so the exporter copies and the importer passes exactly the keys listed in
// TASK_SETTINGS / SUBTASK_SETTINGS / PHASE_SETTINGS: a new setting is ONE line here. Every other
// column is listed, with its reason, in COLUMNS_NOT_IN_SETTINGS; bundle-settings.test.ts fails on a
// column of Task, Subtask or Phase that is in neither.

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
/** A taxonomy version, with the information-accretion file attached to it for CAFA's weighted measures. */
const taxonomyFile = z.strictObject({ ...versionedFile.shape, ia: fileRef.optional() });

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

/** A bundle's most subtasks and phases: far above any shared task's, far below what stalls an import. */
export const MAX_BUNDLE_SUBTASKS = 100;
export const MAX_BUNDLE_PHASES = 100;

export const TASK_SETTINGS = {
  title: z.string().trim().min(3).max(120),
  description: z.string().max(50_000).default(""),
  requiresApproval: z.boolean().default(false),
  terms: z.string().max(20_000).default(""),
};

export const SUBTASK_SETTINGS = {
  name: z.string().min(1).max(120),
  description: z.string().max(10_000).default(""),
  maxDepth: z.number().int().min(1).nullable().default(null),
  section: z.enum(["a", "b"]).nullable().default(null),
  measuresShown: z.array(measure).min(1),
  primaryMeasure: measure,
  unknownLabels: z.enum(["error", "drop"]).default("error"),
  missingDocuments: z.enum(["empty", "error"]).default("empty"),
  bootstrap: z.number().int().min(0).max(10_000).default(0),
  archivedAt: utc.nullable().default(null),
  maxLabelsPerDocument,
  // Written only for a CAFA-style subtask: bundles of other tasks read as before it existed.
  cafa: cafaSubtaskOptions.nullable().optional(),
  showAverageRank: z.boolean().default(false),
};

export const PHASE_SETTINGS = {
  name: z.string().min(1).max(120),
  startsAt: utc,
  endsAt: utc,
  visibility: z.enum(["PUBLIC", "PRIVATE"]).default("PUBLIC"),
  dailyLimit: limit,
  totalLimit: limit,
  rule: z.enum(["BEST", "LAST"]).default("BEST"),
  blind: z.boolean().default(false),
  finalRuns: z.number().int().min(1).max(100).nullable().default(null),
  finalRunsBoard: z.enum(["RUNS", "TEAM_BEST"]).default("RUNS"),
  publicFraction: publicFractionSchema,
  archivedAt: utc.nullable().default(null),
  descriptionsCloseAt: utc.nullable().default(null),
};

/** The columns of Task, Subtask and Phase that are not settings in the manifest, and why. */
export const COLUMNS_NOT_IN_SETTINGS = {
  Task: {
    id: "the database's identity",
    slug: "written as task.slug (an import may choose another)",
    status: "an import starts as a draft; publishing is the organiser's decision on the new installation",
    previewToken: "a secret of this installation; an import gets a new one",
    publishedAt: "when this installation published the task",
    createdAt: "a timestamp",
    updatedAt: "a timestamp",
  },
  Subtask: {
    id: "the database's identity",
    taskId: "the bundle's task",
    key: "written as the subtask's key",
    taxonomyVersionId: "written as taxonomy (the version number)",
    createdAt: "a timestamp (the manifest lists subtasks in creation order)",
    updatedAt: "a timestamp",
  },
  Phase: {
    id: "the database's identity",
    taskId: "the bundle's task",
    key: "written as the phase's key",
    resultsPublishedAt: "when this installation published a blind phase's results: an event, not a rule",
    splitKey: "the secret that puts each gold document in the public or private part; an import gets a new one",
    createdAt: "a timestamp",
    updatedAt: "a timestamp",
  },
} as const;

const subtask = z.strictObject({
  key: keySchema,
  /** The taxonomy version the subtask uses (a `taxonomies[].version`). */
  taxonomy: z.number().int().min(1),
  ...SUBTASK_SETTINGS,
  /**
   * Written by bundles of older versions, when the direction was a setting. The direction is now the
   * measure's (the engine's registry): a bundle that agrees imports, one that contradicts it is refused.
   */
  primaryDirection: z.enum(["HIGHER", "LOWER"]).optional(),
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
    task: z.strictObject({ slug: slugSchema, ...TASK_SETTINGS }),
    taxonomies: z.array(taxonomyFile).min(1, "expected at least one taxonomy"),
    subtasks: z.array(subtask).max(MAX_BUNDLE_SUBTASKS, `expected at most ${MAX_BUNDLE_SUBTASKS} subtasks`).default([]),
    phases: z.array(phase).max(MAX_BUNDLE_PHASES, `expected at most ${MAX_BUNDLE_PHASES} phases`).default([]),
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
      const direction = primaryDirectionOf(s.primaryMeasure);
      if (s.primaryDirection !== undefined && s.primaryDirection !== direction)
        ctx.addIssue({
          code: "custom",
          path: ["subtasks", i, "primaryDirection"],
          message: `expected ${direction} or no primaryDirection: ${s.primaryMeasure} is ${direction.toLowerCase()}-is-better by its definition, found ${s.primaryDirection} (remove the line; the direction is always the measure's)`,
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
      ...m.taxonomies.flatMap((t, i) => (t.ia ? [[t.ia.file, ["taxonomies", i, "ia", "file"]] as const] : [])),
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
