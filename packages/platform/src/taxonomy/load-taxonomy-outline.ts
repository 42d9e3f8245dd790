import type { Db } from "@hierboard/db";
import { cutOutline, parseTaxonomy, type TaxonomyOutline } from "@hierboard/metrics";
import { LRUCache } from "lru-cache";
import { processWide } from "../context/process-wide.ts";
import { AppError, withInputErrors } from "../errors/app-error.ts";
import { decodeTaxonomyOutline, encodeTaxonomyOutline } from "./taxonomy-outline-codec.ts";

// Outlines never change (a new file is a new version), so each is decoded, or cut, once per process.
const outlines = processWide("taxonomy-outlines", () => new LRUCache<string, TaxonomyOutline>({ max: 16 }));

/**
 * The subtask's (cut) taxonomy as the explorer draws it, with the hash of the taxonomy file: read
 * from the outline stored with the taxonomy version, without parsing the file (a 325k-class file
 * takes seconds to parse, its outline a tenth of a second to decode).
 */
export async function loadTaxonomyOutline(db: Db, subtaskId: string): Promise<{ outline: TaxonomyOutline; taxonomyHash: string }> {
  const subtask = await db.subtask.findUnique({
    where: { id: subtaskId },
    select: { maxDepth: true, taxonomyVersion: { select: { id: true, contentHash: true, fileName: true } } },
  });
  if (!subtask) throw new AppError("NOT_FOUND", "No such subtask.");
  const version = subtask.taxonomyVersion;
  const fullKey = `${version.contentHash}|full`;
  const key = `${version.contentHash}|${subtask.maxDepth ?? "full"}`;
  let outline = outlines.get(key);
  if (!outline) {
    const full = outlines.get(fullKey) ?? (await storedOutline(db, version));
    outlines.set(fullKey, full);
    outline = subtask.maxDepth === null ? full : cutOutline(full, subtask.maxDepth);
    outlines.set(key, outline);
  }
  return { outline, taxonomyHash: version.contentHash };
}

/** The version's stored outline; for a version stored before outlines were, taken from its parsed file once and stored. */
async function storedOutline(db: Db, version: { id: string; fileName: string }): Promise<TaxonomyOutline> {
  const { outline } = await db.taxonomyVersion.findUniqueOrThrow({ where: { id: version.id }, select: { outline: true } });
  if (outline) return decodeTaxonomyOutline(outline);
  const { content } = await db.taxonomyVersion.findUniqueOrThrow({ where: { id: version.id }, select: { content: true } });
  const encoded = encodeTaxonomyOutline(withInputErrors(() => parseTaxonomy(content, { fileName: version.fileName })));
  await db.taxonomyVersion.update({ where: { id: version.id }, data: { outline: encoded } });
  return decodeTaxonomyOutline(encoded);
}
