import type { Db, DbTx } from "@hierboard/db";
import { goldDocumentRows, type GoldDocumentRow } from "./gold-document-rows.ts";

async function insertRows(tx: DbTx, goldVersionId: string, rows: readonly GoldDocumentRow[]): Promise<void> {
  // One statement per batch (unnest of five arrays): 1M documents are a few hundred statements, not 1M.
  await tx.$executeRaw`
    INSERT INTO "GoldDocument" ("goldVersionId", "section", "position", "documentId", "line", "text")
    SELECT ${goldVersionId}, * FROM unnest(
      ${rows.map((r) => r.section)}::text[], ${rows.map((r) => r.position)}::int[],
      ${rows.map((r) => r.documentId)}::text[], ${rows.map((r) => r.line)}::int[], ${rows.map((r) => r.text)}::text[])`;
}

// 128 KiB of a gold file is ~4,000 documents: one INSERT each. With a MiB (33,000 rows a
// statement) the job that stored a 1M-document gold (and planned its shards, and parsed the
// taxonomy) peaked at 2 GB RSS; smaller statements leave less garbage between collections.
const CHUNK_BYTES = 1 << 17;

/** The stored gold file's bytes, one `substring` query a chunk (PostgreSQL reads only those TOAST slices). */
async function* goldContent(tx: DbTx, goldVersionId: string): AsyncGenerator<Uint8Array> {
  for (let at = 0; ; at += CHUNK_BYTES) {
    const rows = await tx.$queryRaw<{ chunk: Uint8Array }[]>`
      SELECT substring("content" FROM ${at + 1}::int FOR ${CHUNK_BYTES}::int) AS chunk FROM "GoldVersion" WHERE "id" = ${goldVersionId}`;
    const chunk = rows[0]?.chunk;
    if (!chunk || chunk.length === 0) return;
    yield chunk;
    if (chunk.length < CHUNK_BYTES) return;
  }
}

/** Time a transaction storing a gold file's documents may take (1M documents: tens of seconds). */
const GOLD_DOCUMENTS_TIMEOUT_MS = 15 * 60_000;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; meta?: { code?: unknown }; message?: unknown };
  return e?.code === "P2002" || e?.meta?.code === "23505" || (typeof e?.message === "string" && e.message.includes("23505"));
}

/**
 * The gold version's documents, stored one a row (GoldDocument) so that a shard loads only the
 * gold of its own ids and the merge streams the gold range by range (docs/adr/0002). Written once,
 * by the first job that shards against this version (the version row is locked, so two jobs do
 * not both write it), streaming the stored file: never on a web request, which must not parse
 * files (the engine threads validate it at upload). Returns the format, or null when a section
 * repeats an id (possible only in a section no subtask reads): such a gold is scored in one job.
 */
export async function ensureGoldDocuments(db: Db, goldVersionId: string): Promise<string | null> {
  const known = await db.goldVersion.findUniqueOrThrow({ where: { id: goldVersionId }, select: { documentFormat: true, fileName: true } });
  if (known.documentFormat) return known.documentFormat;
  try {
    return await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT 1 FROM "GoldVersion" WHERE "id" = ${goldVersionId} FOR UPDATE`;
        const row = await tx.goldVersion.findUniqueOrThrow({ where: { id: goldVersionId }, select: { documentFormat: true } });
        if (row.documentFormat) return row.documentFormat;
        const format = await goldDocumentRows(goldContent(tx, goldVersionId), known.fileName, (rows) =>
          insertRows(tx, goldVersionId, rows),
        );
        // updateMany: `update` returns the row, and with it the stored file (a 1M-document gold's 31 MB
        // decoded took this job from ≈ 220 MiB to 1.36 GB RSS).
        await tx.goldVersion.updateMany({ where: { id: goldVersionId }, data: { documentFormat: format } });
        return format;
      },
      { maxWait: 60_000, timeout: GOLD_DOCUMENTS_TIMEOUT_MS },
    );
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
