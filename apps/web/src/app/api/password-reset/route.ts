import { requestPasswordReset } from "@hierboard/platform";
import { apiRoute } from "@/server/api-route";
import { clientIp } from "@/server/client-ip";
import { jsonProblem } from "@/server/json-problem";
import { RESET_ACCEPTED } from "@/server/password-reset-answer";

export const dynamic = "force-dynamic";

/**
 * `POST /api/password-reset` with `{"email": "…"}` — 202 with the same body for every address
 * (the lookup and the mail happen on the queue); 422 for something that is not an address, 429
 * past the limits per address and per client. Same-origin, like every signed-out POST. The link's
 * host is the configured public URL, never this request's Host header.
 */
export const POST = apiRoute({ route: "/api/password-reset", auth: "none" }, async ({ request }) => {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonProblem(400, "BAD_REQUEST", 'Expected a JSON body such as {"email": "ada@example.org"}, found something else.');
  }
  const email = typeof body === "object" && body !== null && "email" in body ? body.email : undefined;
  if (typeof email !== "string") {
    return jsonProblem(422, "INVALID_INPUT", `Expected {"email": "<address>"}, found ${JSON.stringify(body)?.slice(0, 80)}.`);
  }
  await requestPasswordReset({ email, ip: clientIp(request.headers) });
  return Response.json(RESET_ACCEPTED, { status: 202, headers: { "cache-control": "no-store" } });
});
