import { platformContext, type PlatformContext } from "../context/platform-context.ts";

/**
 * A key for a task's public pages (board and rankings) as an anonymous visitor sees them, or null
 * when the task must not be cached at all (no such task, or a draft: only organisers and preview
 * links see it). It changes whenever anything those pages show changes: the task, any phase or
 * subtask (settings, visibility, blind mode, final runs: their `updatedAt`), any gold version, any
 * scored submission of the task (count and finish times, so new scores and re-scores), final-run
 * selections and invalidations, the board job's tie rows, and the task's teams (names,
 * disqualifications). What depends on the clock alone (a phase closing, "closes in 2 hours") is the
 * caller's to bound. ONE round trip; every part is an indexed lookup by task, phase or subtask.
 */
export async function publicTaskPageKey(slug: string, ctx: PlatformContext = platformContext()): Promise<string | null> {
  return (await publicTaskPage(slug, ctx))?.key ?? null;
}

/** A task's public pages as they can be asked for: `publicTaskPageKey` and the task's phase and subtask keys. */
export interface PublicTaskPage {
  key: string;
  phaseKeys: string[];
  subtaskKeys: string[];
}

/**
 * `publicTaskPageKey` with the keys of the task's phases and subtasks, in the same round trip: the
 * page cache keeps only query values the pages know, so made-up ones do not each cost a render.
 */
export async function publicTaskPage(slug: string, ctx: PlatformContext = platformContext()): Promise<PublicTaskPage | null> {
  const [row] = await ctx.db.$queryRaw<{ status: string; key: string; phaseKeys: string[] | null; subtaskKeys: string[] | null }[]>`
    WITH t AS (SELECT id, status, "updatedAt" FROM "Task" WHERE slug = ${slug}),
    p AS (SELECT id, key, "updatedAt" FROM "Phase" WHERE "taskId" = (SELECT id FROM t)),
    s AS (SELECT id, key, "updatedAt" FROM "Subtask" WHERE "taskId" = (SELECT id FROM t))
    SELECT t.status::text AS status, md5(concat_ws('|',
      t."updatedAt",
      (SELECT string_agg(p.id || '@' || p."updatedAt", ',' ORDER BY p.id) FROM p),
      (SELECT string_agg(s.id || '@' || s."updatedAt", ',' ORDER BY s.id) FROM s),
      (SELECT concat_ws(':', count(*), max(g."createdAt")) FROM "GoldVersion" g WHERE g."phaseId" IN (SELECT id FROM p)),
      (SELECT concat_ws(':', count(*), max(x."finishedAt"), sum(extract(epoch FROM x."finishedAt") * 1000),
                        count(x."selectedAt"), sum(extract(epoch FROM x."selectedAt") * 1000),
                        count(x."invalidatedAt"), sum(extract(epoch FROM x."invalidatedAt") * 1000))
       FROM "Submission" x WHERE x."phaseId" IN (SELECT id FROM p) AND x.status = 'SCORED'),
      (SELECT concat_ws(':', count(*), max(b."updatedAt")) FROM "BoardTie" b WHERE b."phaseId" IN (SELECT id FROM p)),
      (SELECT string_agg(z.id || ':' || z.name || ':' || coalesce(z."disqualifiedAt"::text, '-'), '|' ORDER BY z.id)
       FROM "Team" z WHERE z."taskId" = (SELECT id FROM t))
    )) AS key,
    (SELECT array_agg(p.key ORDER BY p.key) FROM p) AS "phaseKeys",
    (SELECT array_agg(s.key ORDER BY s.key) FROM s) AS "subtaskKeys"
    FROM t`;
  if (!row || row.status === "DRAFT") return null;
  return { key: row.key, phaseKeys: row.phaseKeys ?? [], subtaskKeys: row.subtaskKeys ?? [] };
}
