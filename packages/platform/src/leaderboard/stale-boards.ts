import { Prisma, type Db } from "@hierboard/db";
import { boardFingerprintSql } from "./board-fingerprint-sql.ts";

/**
 * The boards whose stored boards are not the ones a read would serve, in ONE query: every board of
 * a phase and subtask (neither archived) that has scored submissions or stored boards, and no stored
 * board, or one built for another fingerprint than the current one. The worker's repair sweep
 * enqueues their board jobs; normally the write that changed a board has done so already.
 */
export async function staleBoards(db: Db): Promise<{ phaseId: string; subtaskId: string }[]> {
  return db.$queryRaw<{ phaseId: string; subtaskId: string }[]>`
    WITH b AS (
      SELECT DISTINCT "phaseId", "subtaskId" FROM "Submission" WHERE status = 'SCORED'
      UNION SELECT "phaseId", "subtaskId" FROM "StoredBoard"
    )
    SELECT b."phaseId", b."subtaskId"
    FROM b
    JOIN "Phase" p ON p.id = b."phaseId" AND p."archivedAt" IS NULL
    JOIN "Subtask" s ON s.id = b."subtaskId" AND s."archivedAt" IS NULL
    CROSS JOIN LATERAL (SELECT ${boardFingerprintSql(Prisma.sql`b."phaseId"`, Prisma.sql`b."subtaskId"`)} AS fingerprint) f
    WHERE NOT EXISTS (SELECT 1 FROM "StoredBoard" x WHERE x."phaseId" = b."phaseId" AND x."subtaskId" = b."subtaskId")
       OR EXISTS (SELECT 1 FROM "StoredBoard" x WHERE x."phaseId" = b."phaseId" AND x."subtaskId" = b."subtaskId" AND x.fingerprint <> f.fingerprint)
    ORDER BY b."phaseId", b."subtaskId"`;
}
