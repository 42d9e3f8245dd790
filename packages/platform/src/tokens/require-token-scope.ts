import { AppError } from "../errors/app-error.ts";

/**
 * TOKEN_SCOPE (403) when a request authenticated by a read-scope API token would change something:
 * that needs the submit scope. Session requests (no `tokenScope`) pass: a person in a browser has
 * full power. Every token may read. `action` names what the request does, for the message
 * ("creating submissions").
 */
export function requireSubmitScope(viewer: { id: string; tokenScope?: "SUBMIT" | "READ" }, action = "creating submissions"): void {
  if (viewer.tokenScope === "READ") {
    throw new AppError("TOKEN_SCOPE", `This API token has the read scope; ${action} needs a token with the submit scope.`);
  }
}
