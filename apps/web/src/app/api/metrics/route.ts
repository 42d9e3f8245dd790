import { timingSafeEqual } from "node:crypto";
import { env } from "@/env";
import { apiRoute } from "@/server/api-route";
import { jsonProblem } from "@/server/json-problem";
import { webMetrics } from "@/server/metrics";

export const dynamic = "force-dynamic";

function tokenMatches(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Prometheus text format. Off (404) without METRICS_TOKEN; 401 without `Authorization: Bearer <METRICS_TOKEN>`. */
export const GET = apiRoute({ route: "/api/metrics", auth: "none", quiet: true }, async ({ request }) => {
  if (!env.metricsToken) return jsonProblem(404, "NOT_FOUND", "Metrics are off: set METRICS_TOKEN to turn them on.");
  if (!tokenMatches(request.headers.get("authorization"), env.metricsToken)) {
    return jsonProblem(401, "UNAUTHENTICATED", "Send the metrics token as “Authorization: Bearer …”.");
  }
  const metrics = webMetrics();
  await metrics.refresh();
  return new Response(await metrics.registry.metrics(), {
    headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" },
  });
});
