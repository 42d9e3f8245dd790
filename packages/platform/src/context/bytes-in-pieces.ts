import type { DbTx } from "@hierboard/db";
import { storableBytes } from "./file-bytes.ts";

/**
 * Prisma's query compiler reads every parameter of a statement on the calling thread (as base64
 * in its JSON protocol): one INSERT holding a 42 MB file held the web's event loop for 3.5 s on a
 * loaded 2-core machine (`pnpm bench:abuse`, CPU profile: `compile` in query_compiler_bg). A file
 * larger than this is therefore stored as pieces of this size, the thread handed back between
 * them, and joined by PostgreSQL.
 */
export const STORED_PIECE_BYTES = 1024 * 1024;

/** What to put in the row's `content` when it is created: the file itself, or nothing yet when `storeInPieces` will write it. */
export function initialContent(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.byteLength > STORED_PIECE_BYTES ? new Uint8Array(0) : storableBytes(bytes);
}

/**
 * Writes `bytes` into the `content` of row `id` of `table`, created with `initialContent`, in
 * pieces of STORED_PIECE_BYTES: each goes to a temporary table of the transaction, then one
 * UPDATE joins them in order (linear work, unlike appending to the value piece by piece). Nothing
 * to do for a file that `initialContent` stored whole. Must run inside the transaction that
 * created the row, so the file is stored with it or not at all.
 */
export async function storeInPieces(tx: DbTx, table: "Submission" | "GoldVersion", id: string, bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength <= STORED_PIECE_BYTES) return;
  await tx.$executeRawUnsafe(`CREATE TEMP TABLE IF NOT EXISTS stored_piece (n int PRIMARY KEY, piece bytea NOT NULL) ON COMMIT DROP`);
  for (let at = 0, n = 0; at < bytes.byteLength; at += STORED_PIECE_BYTES, n++) {
    const piece = new Uint8Array(bytes.subarray(at, at + STORED_PIECE_BYTES));
    await tx.$executeRawUnsafe(`INSERT INTO stored_piece (n, piece) VALUES ($1, $2)`, n, piece);
  }
  // The table name comes from the closed union above, never from user input.
  await tx.$executeRawUnsafe(
    `UPDATE "${table}" SET content = (SELECT string_agg(piece, ''::bytea ORDER BY n) FROM stored_piece) WHERE id = $1`,
    id,
  );
  await tx.$executeRawUnsafe(`DELETE FROM stored_piece`);
}
