import type { Db } from "@hierboard/db";
import { AppError } from "../../errors/app-error.ts";
import type { EngineTask, GoldRef, TaxonomyRef } from "./engine-tasks.ts";

/**
 * The subtask's taxonomy and the phase's gold (the newest, or `goldVersion`) as references by
 * hash for an engine thread: metadata only, the request thread reads no file here.
 */
export async function engineFileRefs(
  db: Db,
  ids: { subtaskId: string; phaseId: string; goldVersion?: number },
): Promise<{ taxonomy: TaxonomyRef; gold: GoldRef & { version: number; id: string } }> {
  const subtask = await db.subtask.findUnique({
    where: { id: ids.subtaskId },
    select: { maxDepth: true, section: true, taxonomyVersion: { select: { contentHash: true, fileName: true } } },
  });
  if (!subtask) throw new AppError("NOT_FOUND", "No such subtask.");
  const gold = await db.goldVersion.findFirst({
    where: { phaseId: ids.phaseId, ...(ids.goldVersion !== undefined ? { version: ids.goldVersion } : {}) },
    orderBy: { version: "desc" },
    select: { id: true, version: true, contentHash: true, fileName: true },
  });
  if (!gold) throw new AppError("GOLD_MISSING", "The organisers have not uploaded the gold labels of this phase yet.");
  const section = subtask.section === "a" || subtask.section === "b" ? subtask.section : undefined;
  return {
    taxonomy: { hash: subtask.taxonomyVersion.contentHash, fileName: subtask.taxonomyVersion.fileName, maxDepth: subtask.maxDepth },
    gold: { id: gold.id, version: gold.version, hash: gold.contentHash, fileName: gold.fileName, section },
  };
}

/** The subtask's (cut) taxonomy as a reference by hash for an engine thread (metadata only). */
export async function engineTaxonomyRef(db: Db, subtaskId: string): Promise<TaxonomyRef> {
  const subtask = await db.subtask.findUnique({
    where: { id: subtaskId },
    select: { maxDepth: true, taxonomyVersion: { select: { contentHash: true, fileName: true } } },
  });
  if (!subtask) throw new AppError("NOT_FOUND", "No such subtask.");
  return { hash: subtask.taxonomyVersion.contentHash, fileName: subtask.taxonomyVersion.fileName, maxDepth: subtask.maxDepth };
}

/** The task with the taxonomy's bytes, for a thread that asked (comparisons need nothing else). */
export async function withTaxonomyContent(db: Db, subtaskId: string, task: EngineTask): Promise<EngineTask> {
  if (task.kind === "check-taxonomy" || task.kind === "check-ia") return task; // carries its file
  const subtask = await db.subtask.findUniqueOrThrow({
    where: { id: subtaskId },
    select: { taxonomyVersion: { select: { content: true } } },
  });
  return { ...task, taxonomy: { ...task.taxonomy, content: subtask.taxonomyVersion.content } };
}
