import type { Db } from "@hierboard/db";
import { withTaxonomyContent } from "./engine-file-refs.ts";
import type { EngineTask } from "./engine-tasks.ts";

/**
 * A task with the taxonomy's and the gold's bytes, for a thread that asked: they cross to the
 * thread unread (the thread parses them and keeps them by hash).
 */
export async function withGoldContent(db: Db, subtaskId: string, goldId: string | null, task: EngineTask): Promise<EngineTask> {
  const withTaxonomy = await withTaxonomyContent(db, subtaskId, task);
  if (
    goldId === null ||
    (withTaxonomy.kind !== "validate" && withTaxonomy.kind !== "data-file" && withTaxonomy.kind !== "score") ||
    !withTaxonomy.gold
  )
    return withTaxonomy;
  const gold = await db.goldVersion.findUniqueOrThrow({ where: { id: goldId }, select: { content: true } });
  return { ...withTaxonomy, gold: { ...withTaxonomy.gold, content: gold.content } };
}
