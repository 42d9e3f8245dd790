import type { Db } from "@hierboard/db";
import { withTaxonomyContent } from "./engine-file-refs.ts";
import type { EngineTask } from "./engine-tasks.ts";

/** An upload's validation task with the taxonomy's and the gold's bytes, for a thread that asked. */
export async function withGoldContent(db: Db, subtaskId: string, goldId: string, task: EngineTask): Promise<EngineTask> {
  const withTaxonomy = await withTaxonomyContent(db, subtaskId, task);
  if (withTaxonomy.kind !== "validate") return withTaxonomy;
  const gold = await db.goldVersion.findUniqueOrThrow({ where: { id: goldId }, select: { content: true } });
  return { ...withTaxonomy, gold: { ...withTaxonomy.gold, content: gold.content } };
}
