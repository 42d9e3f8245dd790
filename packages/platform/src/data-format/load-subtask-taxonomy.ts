import { cutTaxonomy, parseTaxonomy, type Taxonomy } from "@hierboard/metrics";
import type { Db, Subtask } from "@hierboard/db";
import { withInputErrors } from "../errors/app-error.ts";

/** A subtask's taxonomy with its level cut, without needing a phase's gold. */
export async function loadSubtaskTaxonomy(db: Db, subtask: Pick<Subtask, "taxonomyVersionId" | "maxDepth">): Promise<Taxonomy> {
  const row = await db.taxonomyVersion.findUniqueOrThrow({
    where: { id: subtask.taxonomyVersionId },
    select: { content: true, fileName: true },
  });
  const full = withInputErrors(() => parseTaxonomy(row.content, { fileName: row.fileName }));
  return subtask.maxDepth === null ? full : cutTaxonomy(full, subtask.maxDepth);
}
