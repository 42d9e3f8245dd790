import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { sha256Hex } from "../context/sha256.ts";
import { inOneTransaction } from "../context/in-one-transaction.ts";
import { updateParticipationRules } from "../participants/update-participation-rules.ts";
import { createPhase } from "../phases/create-phase.ts";
import { uploadGold } from "../phases/upload-gold.ts";
import { createSubtask } from "../subtasks/create-subtask.ts";
import { createTask } from "../tasks/create-task.ts";
import { slugSchema } from "../tasks/task-fields.ts";
import { attachTaskFile } from "../task-files/attach-task-file.ts";
import { uploadTaxonomy } from "../taxonomy/upload-taxonomy.ts";
import { attachIaFile } from "../cafa/attach-ia-file.ts";
import { PHASE_SETTINGS, SUBTASK_SETTINGS } from "./bundle-manifest.ts";
import type { TaskBundle } from "./task-bundle.ts";
import { validateTaskBundle } from "./validate-task-bundle.ts";

export const importTaskBundleInput = z.object({
  userId: z.string().min(1),
  bundle: z.custom<TaskBundle>((b) => typeof (b as TaskBundle)?.manifest === "string" && (b as TaskBundle).files instanceof Map, {
    message: "expected a task bundle",
  }),
  /** Import under another slug (e.g. next year's edition); the manifest's slug otherwise. */
  slug: slugSchema.optional(),
});

/** A bundle holds files up to the upload limit each, checked as they are stored: seconds per file on a loaded machine. */
const IMPORT_TRANSACTION = { maxWait: 10_000, timeout: 300_000 };

const pick = (shape: object, from: Record<string, unknown>) => Object.fromEntries(Object.keys(shape).map((key) => [key, from[key]]));

/**
 * Creates a task from a bundle through the platform's own functions, so every file is checked as an
 * upload would be (taxonomy, gold against each subtask's cut, public files' names and sizes). The manifest and hashes are checked
 * first, reporting every problem; then every step runs in one transaction, so a later refusal
 * leaves no row at all (not the task, not an audit line). The importer becomes the task's owner;
 * an existing slug is a CONFLICT.
 */
export async function importTaskBundle(
  input: z.input<typeof importTaskBundleInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; slug: string }> {
  const { userId, bundle, slug: slugOverride } = importTaskBundleInput.parse(input);
  const manifest = validateTaskBundle(bundle);
  const slug = slugOverride ?? manifest.task.slug;
  const file = (path: string) => bundle.files.get(path)!;
  return inOneTransaction(ctx, async (tx) => storeBundle(tx), IMPORT_TRANSACTION);

  async function storeBundle(ctx: PlatformContext): Promise<{ id: string; slug: string }> {
    const task = await createTask({ userId, slug, title: manifest.task.title, description: manifest.task.description }, ctx);
    const { requiresApproval, terms } = manifest.task;
    if (requiresApproval || terms !== "") await updateParticipationRules({ userId, slug, requiresApproval, terms }, ctx);
    const taxonomyIds = new Map<number, string>();
    for (const t of manifest.taxonomies) {
      taxonomyIds.set(t.version, (await uploadTaxonomy({ userId, slug, fileName: t.fileName, content: file(t.file) }, ctx)).id);
      if (t.ia) await attachIaFile({ userId, slug, taxonomyVersion: t.version, fileName: t.ia.fileName, content: file(t.ia.file) }, ctx);
    }
    for (const s of manifest.subtasks) {
      await createSubtask(
        {
          userId,
          slug,
          key: s.key,
          taxonomyVersionId: taxonomyIds.get(s.taxonomy)!,
          ...(pick(SUBTASK_SETTINGS, s) as Omit<typeof s, "key" | "taxonomy">),
        },
        ctx,
      );
      if (s.archivedAt)
        await ctx.db.subtask.update({
          where: { taskId_key: { taskId: task.id, key: s.key } },
          data: { archivedAt: new Date(s.archivedAt) },
        });
    }
    for (const p of manifest.phases) {
      const settings = pick(PHASE_SETTINGS, p) as Omit<typeof p, "key" | "gold">;
      await createPhase({ userId, slug, key: p.key, ...settings, startsAt: new Date(p.startsAt), endsAt: new Date(p.endsAt) }, ctx);
      if (p.archivedAt)
        await ctx.db.phase.update({ where: { taskId_key: { taskId: task.id, key: p.key } }, data: { archivedAt: new Date(p.archivedAt) } });
    }
    for (const p of manifest.phases) {
      for (const g of p.gold) await uploadGold({ userId, slug, phaseKey: p.key, fileName: g.fileName, content: file(g.file) }, ctx);
    }
    for (const f of manifest.files) {
      await attachTaskFile(
        { userId, slug, name: f.name, kind: f.kind, phaseKey: f.phase, fileName: f.fileName, content: file(f.file) },
        ctx,
      );
    }
    await writeAudit(ctx.db, {
      actorId: userId,
      action: "task.import",
      targetType: "task",
      targetId: task.id,
      details: { slug, manifestSha256: sha256Hex(bundle.manifest), fromSlug: manifest.task.slug },
    });
    return task;
  }
}
