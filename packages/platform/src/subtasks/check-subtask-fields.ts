import type { Db } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";
import { loadScoringSetup } from "../scoring/load-scoring-setup.ts";
import type { SubtaskFields } from "./subtask-fields.ts";

/** The taxonomy version must belong to the task, and the level cut must fit inside it. */
export async function checkSubtaskTaxonomy(db: Db, taskId: string, fields: SubtaskFields): Promise<void> {
  const taxonomy = await db.taxonomyVersion.findFirst({ where: { id: fields.taxonomyVersionId, taskId }, select: { depth: true } });
  if (!taxonomy) throw new AppError("NOT_FOUND", "That taxonomy version does not belong to this task.");
  if (fields.maxDepth !== null && fields.maxDepth > taxonomy.depth) {
    throw new AppError("INVALID_INPUT", `The taxonomy has ${taxonomy.depth} levels; a cut at ${fields.maxDepth} levels is not possible.`, {
      issues: [{ field: "maxDepth", message: `at most ${taxonomy.depth}` }],
    });
  }
}

/** Every current gold of the task must still parse under the (new) subtask settings. */
export async function checkGoldsStillParse(db: Db, taskId: string, subtaskId: string): Promise<void> {
  const phases = await db.phase.findMany({ where: { taskId, golds: { some: {} } }, select: { id: true } });
  for (const phase of phases) await loadScoringSetup(db, { subtaskId, phaseId: phase.id });
}
