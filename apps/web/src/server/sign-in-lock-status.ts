/**
 * next-auth answers every refused credentials sign-in with 401, a lock included: the lock's message
 * ("Too many failed sign-ins … Try again in N minutes (after HH:MM UTC).") travels in the JSON's
 * error URL. This turns a locked sign-in into 429 with `Retry-After` (the minutes it names), so
 * scripts and proxies see the throttle as one; the body stays as next-auth's client reads it.
 */
export async function withSignInLockStatus(response: Response): Promise<Response> {
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = await response.clone().text();
  let error: string | null;
  try {
    error = new URL(String((JSON.parse(body) as { url?: unknown }).url)).searchParams.get("error");
  } catch {
    return response;
  }
  const minutes = error ? /^Too many .*Try again in (\d+) minutes?/.exec(error)?.[1] : undefined;
  if (minutes === undefined) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(Number(minutes) * 60));
  return new Response(body, { status: 429, headers });
}
