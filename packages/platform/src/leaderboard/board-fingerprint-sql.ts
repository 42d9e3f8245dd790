import { Prisma } from "@hierboard/db";

/**
 * The fingerprint of one board (phase and subtask, every part of its gold) as ONE SQL text
 * expression of two id expressions: what the board depends on, so that any change to what it shows
 * changes it, and nothing else does.
 *
 * - the phase's and subtask's settings (their `updatedAt`);
 * - the scored submissions with their finish times: the worker stamps `finishedAt` whenever it moves
 *   a submission to SCORED (a first score or a re-score), in the transaction that writes the score
 *   rows, so any new or replaced score changes the count, the latest or the sum of finish times;
 * - what changes rows without a new score: final-run selections and invalidations of those
 *   submissions (count and sum of their times), and the names and disqualifications of the teams
 *   that have one of them;
 * - the board job's tie rows (their count and latest write).
 *
 * `loadBoardKey` (every board read), the board job (the fingerprint a stored board was built for)
 * and the repair sweep (`staleBoards`) all compute it here, so every time is an epoch number: the
 * web's and the worker's connections must agree whatever their time zone. Indexed lookups only.
 */
export function boardFingerprintSql(phaseId: Prisma.Sql, subtaskId: Prisma.Sql): Prisma.Sql {
  const scored = Prisma.sql`FROM "Submission" x WHERE x."phaseId" = ${phaseId} AND x."subtaskId" = ${subtaskId} AND x.status = 'SCORED'`;
  return Prisma.sql`format('%s|%s|%s|%s|%s',
    (SELECT extract(epoch FROM "updatedAt") FROM "Phase" WHERE id = ${phaseId}),
    (SELECT extract(epoch FROM "updatedAt") FROM "Subtask" WHERE id = ${subtaskId}),
    (SELECT format('%s:%s:%s:%s:%s:%s:%s', count(*), extract(epoch FROM max(x."finishedAt")), sum(extract(epoch FROM x."finishedAt") * 1000),
                   count(x."selectedAt"), sum(extract(epoch FROM x."selectedAt") * 1000),
                   count(x."invalidatedAt"), sum(extract(epoch FROM x."invalidatedAt") * 1000)) ${scored}),
    (SELECT format('%s:%s', count(*), extract(epoch FROM max(y."updatedAt"))) FROM "BoardTie" y WHERE y."phaseId" = ${phaseId} AND y."subtaskId" = ${subtaskId}),
    (SELECT md5(string_agg(z.id || ':' || z.name || ':' || coalesce(extract(epoch FROM z."disqualifiedAt")::text, '-'), '|' ORDER BY z.id))
       FROM "Team" z WHERE z.id IN (SELECT x."teamId" ${scored})))`;
}
