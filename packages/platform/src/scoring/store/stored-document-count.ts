import { WHOLE_GOLD } from "../../gold-split/gold-part.ts";
import type { Db } from "@hierboard/db";

/** The document count of a submission's latest stored score set (the whole gold), or undefined when it has none. */
export async function storedDocumentCount(db: Db, submissionId: string): Promise<number | undefined> {
  const set = await db.scoreSet.findFirst({
    where: { submissionId, part: WHOLE_GOLD },
    orderBy: { goldVersion: "desc" },
    select: { documents: true },
  });
  return set?.documents;
}
