import type { Db } from "@hierboard/db";

/** Bytes read per query: what one chunk of a streamed submission costs in memory. */
export const STORED_CHUNK_BYTES = 1 << 20;

/** The stored size of a submission's file, or undefined when there is no such submission. */
export async function storedSize(db: Db, submissionId: string): Promise<number | undefined> {
  const rows = await db.$queryRaw<
    { size: number }[]
  >`SELECT octet_length("content")::int AS size FROM "Submission" WHERE "id" = ${submissionId}`;
  return rows[0]?.size;
}

/**
 * Streams bytes [start, end) of a stored submission, one `substring` query per chunk, so a worker
 * never holds more of the file than one chunk (PostgreSQL reads only the TOAST slices it needs).
 */
export async function* storedBytes(
  db: Db,
  submissionId: string,
  start: number,
  end: number,
  chunkBytes = STORED_CHUNK_BYTES,
): AsyncGenerator<Uint8Array> {
  for (let at = start; at < end; at += chunkBytes) {
    const length = Math.min(chunkBytes, end - at);
    const rows = await db.$queryRaw<{ chunk: Uint8Array }[]>`
      SELECT substring("content" FROM ${at + 1}::int FOR ${length}::int) AS chunk FROM "Submission" WHERE "id" = ${submissionId}`;
    const chunk = rows[0]?.chunk;
    if (!chunk) throw new Error(`submission ${submissionId} has no stored bytes at ${at}`);
    yield chunk;
    if (chunk.length < length) return;
  }
}
