export const dynamic = "force-dynamic";

/** Liveness for load balancers and the e2e harness; touches no dependency. */
export function GET() {
  return Response.json({ ok: true });
}
