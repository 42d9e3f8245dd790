import type { DbTx } from "@hierboard/db";

/** What a task lacks before it can be published, in words an organiser acts on (empty = ready). */
export async function missingForPublish(db: DbTx, taskId: string): Promise<string[]> {
  const [taxonomies, subtasks, phases] = await Promise.all([
    db.taxonomyVersion.count({ where: { taskId } }),
    db.subtask.count({ where: { taskId } }),
    db.phase.findMany({ where: { taskId }, select: { name: true, _count: { select: { golds: true } } }, orderBy: { startsAt: "asc" } }),
  ]);
  const missing: string[] = [];
  if (taxonomies === 0) missing.push("a taxonomy (upload one under Taxonomy)");
  if (subtasks === 0) missing.push("a subtask (add one under Subtasks)");
  if (phases.length === 0) missing.push("a phase (add one under Phases)");
  for (const phase of phases) {
    if (phase._count.golds === 0) missing.push(`gold labels for the phase "${phase.name}"`);
  }
  return missing;
}
