import { checkReadiness, platformContext } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";

export const dynamic = "force-dynamic";

/**
 * Readiness: PostgreSQL, Redis and at least one connected scoring worker, each with its latency.
 * 200 when all pass; 503 naming the failed dependencies otherwise. `/api/health` stays liveness.
 */
export const GET = apiRoute({ route: "/api/ready", auth: "none", quiet: true }, async () => {
  const ctx = platformContext();
  if (!ctx.scoringQueue) return Response.json({ ok: false, error: "the platform has no scoring queue" }, { status: 503 });
  const readiness = await checkReadiness({ db: ctx.db, queue: ctx.scoringQueue });
  const body = {
    ok: readiness.ok,
    ...(readiness.ok ? {} : { error: `not ready: ${readiness.failed.join(", ")} failed` }),
    checks: readiness.checks,
  };
  return Response.json(body, { status: readiness.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
});
