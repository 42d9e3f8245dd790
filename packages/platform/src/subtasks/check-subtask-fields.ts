import type { Db } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";
import { checkGoldFor } from "../scoring/setup/check-gold-for.ts";
import type { SubtaskFields } from "./subtask-fields.ts";

/**
 * Checks a subtask's settings before they are stored: the taxonomy version belongs to the task,
 * the level cut fits inside it, and every phase's current gold still parses under the cut and
 * section (so a subtask can never be unscorable). CAFA measures need a CAFA-style subtask and
 * name a namespace (top-level node) of its taxonomy.
 */
export async function checkSubtaskFields(db: Db, taskId: string, fields: SubtaskFields): Promise<void> {
  const taxonomy = await db.taxonomyVersion.findFirst({ where: { id: fields.taxonomyVersionId, taskId } });
  if (!taxonomy) throw new AppError("NOT_FOUND", "That taxonomy version does not belong to this task.");
  if (fields.maxDepth !== null && fields.maxDepth > taxonomy.depth) {
    throw new AppError("INVALID_INPUT", `The taxonomy has ${taxonomy.depth} levels; a cut at ${fields.maxDepth} levels is not possible.`, {
      issues: [{ field: "maxDepth", message: `at most ${taxonomy.depth}` }],
    });
  }
  checkCafaFields(fields, taxonomy);
  const phases = await db.phase.findMany({
    where: { taskId },
    select: { golds: { orderBy: { version: "desc" }, take: 1, select: { content: true, fileName: true } } },
  });
  for (const phase of phases) {
    const gold = phase.golds[0];
    if (gold) await checkGoldFor({ taxonomy, maxDepth: fields.maxDepth, section: fields.section }, gold);
  }
}

function checkCafaFields(fields: SubtaskFields, taxonomy: { namespaces: string[] }): void {
  if (fields.cafa !== null && fields.section !== null)
    throw new AppError("INVALID_INPUT", "A CAFA-style subtask reads whole score files; it has no GermEval section.", {
      issues: [{ field: "section", message: "none for a CAFA-style subtask" }],
    });
  for (const measure of [fields.primaryMeasure, ...fields.measuresShown]) {
    const namespace = /^cafa\.namespaces\.(.+)\.[A-Za-z]+$/.exec(measure)?.[1];
    if (namespace === undefined) continue;
    if (fields.cafa === null)
      throw new AppError("INVALID_INPUT", `"${measure}" is a CAFA measure: choose CAFA options (score files) for this subtask first.`, {
        issues: [{ field: "cafa", message: "required for CAFA measures" }],
      });
    if (!taxonomy.namespaces.includes(namespace))
      throw new AppError(
        "INVALID_INPUT",
        `"${measure}": expected a namespace among ${taxonomy.namespaces.join(", ") || "(none)"}, got "${namespace}".`,
        { issues: [{ field: "primaryMeasure", message: `no namespace "${namespace}"` }] },
      );
  }
}
