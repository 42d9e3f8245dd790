import { AppError } from "../errors/app-error.ts";

/**
 * TOKEN_SCOPE (403) when a request authenticated by an API token needs more than the token's
 * scope allows. Session requests (no `tokenScope`) pass: a person in a browser has full power.
 * `action` names what the request does, for the message ("creating submissions").
 */
export function requireTokenScope(
  viewer: { id: string; tokenScope?: "SUBMIT" | "READ" },
  needed: "SUBMIT" | "READ",
  action = "creating submissions",
): void {
  if (needed === "SUBMIT" && viewer.tokenScope === "READ") {
    throw new AppError("TOKEN_SCOPE", `This API token has the read scope; ${action} needs a token with the submit scope.`);
  }
}
