import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { PHASE_SETTINGS, SUBTASK_SETTINGS, TASK_SETTINGS, type BundleManifest } from "./bundle-manifest.ts";
import { manifestToYaml } from "./manifest-to-yaml.ts";
import { BUNDLE_FORMAT, bundleFileName, type TaskBundle } from "./task-bundle.ts";

export const buildTaskBundleInput = z.object({ userId: z.string().min(1), slug: z.string().min(1) });

/** The settings listed in `shape`, copied from a database row (dates as UTC ISO strings). */
function settingsOf<S extends Record<string, unknown>>(shape: S, row: object): { [K in keyof S]: never } {
  return Object.fromEntries(
    Object.keys(shape).map((key) => {
      const value = (row as Record<string, unknown>)[key];
      return [key, value instanceof Date ? value.toISOString() : value];
    }),
  ) as { [K in keyof S]: never };
}

/**
 * A task as a bundle: `task.yaml` (task, taxonomy versions, subtasks with their cuts and measures,
 * phases in UTC with limits and rules, gold versions per phase, the public files, each file with its
 * sha256) and the files themselves. Only the task's organisers (and admins) may export it: it holds the gold.
 * Teams, submissions and scores are not part of a bundle.
 */
export async function buildTaskBundle(
  input: z.input<typeof buildTaskBundleInput>,
  ctx: PlatformContext = platformContext(),
): Promise<TaskBundle> {
  const data = buildTaskBundleInput.parse(input);
  const { task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const [taxonomies, subtasks, phases, publicFiles] = await Promise.all([
    ctx.db.taxonomyVersion.findMany({ where: { taskId: task.id }, orderBy: { version: "asc" } }),
    ctx.db.subtask.findMany({
      where: { taskId: task.id },
      orderBy: [{ createdAt: "asc" }, { key: "asc" }],
      include: { taxonomyVersion: { select: { version: true } } },
    }),
    ctx.db.phase.findMany({
      where: { taskId: task.id },
      orderBy: [{ startsAt: "asc" }, { key: "asc" }],
      include: { golds: { orderBy: { version: "asc" } } },
    }),
    ctx.db.taskFile.findMany({ where: { taskId: task.id }, include: { phase: { select: { key: true } } } }),
  ]);
  // By download name, compared by code point (not the database's collation): the same files give the same manifest anywhere.
  publicFiles.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0));
  const files = new Map<string, Uint8Array>();
  const put = (file: string, content: Uint8Array, contentHash: string, fileName: string) => {
    files.set(file, new Uint8Array(content));
    return { fileName, file, sha256: contentHash };
  };
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    task: { slug: task.slug, ...settingsOf(TASK_SETTINGS, task) },
    taxonomies: taxonomies.map((t) => ({
      version: t.version,
      ...put(`taxonomy/v${t.version}/${bundleFileName(t.fileName)}`, t.content, t.contentHash, t.fileName),
      ...(t.iaContent && t.iaHash && t.iaFileName
        ? { ia: put(`taxonomy/v${t.version}/ia/${bundleFileName(t.iaFileName)}`, t.iaContent, t.iaHash, t.iaFileName) }
        : {}),
    })),
    subtasks: subtasks.map((s) => {
      const { cafa, ...settings } = settingsOf(SUBTASK_SETTINGS, s);
      return { key: s.key, taxonomy: s.taxonomyVersion.version, ...settings, ...(cafa === null ? {} : { cafa }) };
    }),
    phases: phases.map((p) => ({
      key: p.key,
      ...settingsOf(PHASE_SETTINGS, p),
      gold: p.golds.map((g) => ({
        version: g.version,
        ...put(`gold/${p.key}/v${g.version}/${bundleFileName(g.fileName)}`, g.content, g.contentHash, g.fileName),
      })),
    })),
    // Numbered folders: two names that reduce to the same bundle file name stay apart.
    files: publicFiles.map((f, i) => ({
      name: f.name,
      kind: f.kind,
      phase: f.phase?.key ?? null,
      ...put(`files/${i + 1}/${bundleFileName(f.fileName)}`, f.content, f.contentHash, f.fileName),
    })),
  };
  return { manifest: manifestToYaml(manifest), files };
}
