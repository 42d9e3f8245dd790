import type { Db } from "@hierboard/db";

/** The document count of a submission's latest stored score set, or undefined when it has none. */
export async function storedDocumentCount(db: Db, submissionId: string): Promise<number | undefined> {
  const set = await db.scoreSet.findFirst({ where: { submissionId }, orderBy: { goldVersion: "desc" }, select: { documents: true } });
  return set?.documents;
}
