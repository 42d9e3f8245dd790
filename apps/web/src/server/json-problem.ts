/**
 * For the few HTTP-level refusals that happen before the platform is called
 * (no credentials, a body over the size limit); same body shape as
 * `problemResponse`.
 */
export function jsonProblem(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message, issues: [] } }, { status });
}
