import type { Db } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";
import { checkGoldFor } from "../scoring/check-gold-for.ts";
import type { SubtaskFields } from "./subtask-fields.ts";

/**
 * Checks a subtask's settings before they are stored: the taxonomy version belongs to the task,
 * the level cut fits inside it, and every phase's current gold still parses under the cut and
 * section (so a subtask can never be unscorable).
 */
export async function checkSubtaskFields(db: Db, taskId: string, fields: SubtaskFields): Promise<void> {
  const taxonomy = await db.taxonomyVersion.findFirst({ where: { id: fields.taxonomyVersionId, taskId } });
  if (!taxonomy) throw new AppError("NOT_FOUND", "That taxonomy version does not belong to this task.");
  if (fields.maxDepth !== null && fields.maxDepth > taxonomy.depth) {
    throw new AppError("INVALID_INPUT", `The taxonomy has ${taxonomy.depth} levels; a cut at ${fields.maxDepth} levels is not possible.`, {
      issues: [{ field: "maxDepth", message: `at most ${taxonomy.depth}` }],
    });
  }
  const phases = await db.phase.findMany({
    where: { taskId },
    select: { golds: { orderBy: { version: "desc" }, take: 1, select: { content: true, fileName: true } } },
  });
  for (const phase of phases) {
    const gold = phase.golds[0];
    if (gold) await checkGoldFor({ taxonomy, maxDepth: fields.maxDepth, section: fields.section }, gold);
  }
}
