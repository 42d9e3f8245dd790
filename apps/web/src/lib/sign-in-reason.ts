/** Why a visitor was sent to sign in, from the page they were going to (its `callbackUrl` path). */
export function signInReason(target: string): string | null {
  const path = target.split(/[?#]/)[0] ?? "";
  if (/^\/tasks\/[^/]+\/submissions\/[^/]+\/compare\/?$/.test(path))
    return "Sign in to compare these submissions; other teams' files become comparable after the phase ends.";
  if (/^\/tasks\/[^/]+\/submissions\/[^/]+\/?$/.test(path)) return "Sign in to see this report; reports are public after the phase ends.";
  if (/^\/tasks\/[^/]+\/team\/?$/.test(path)) return "Sign in to take part: create or join a team, then submit.";
  if (/^\/profile\/?$/.test(path)) return "Sign in to see your profile and API tokens.";
  if (/^\/organise(\/|$)/.test(path)) return "Sign in to organise tasks.";
  return null;
}
