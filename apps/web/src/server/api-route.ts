// Every API route is built with apiRoute (a test lists the route files): it owns the same-origin
// check, authentication, the token scope, error mapping, and, through observedRoute, the request
// id, the log line and the route metric. A handler receives its params and viewer and only does
// the route's own work.
import { requireSubmitScope, type TokenUser } from "@hierboard/platform";
import { getRequestViewer, type Viewer } from "@/auth/viewer";
import { jsonProblem } from "./json-problem";
import { observedRoute } from "./observed-route";
import { problemResponse } from "./problem";
import { requireSameOrigin } from "./require-same-origin";

/** `none`: nobody is looked up; `optional`: a viewer or null; `required`: 401 without one. */
type Auth = "none" | "optional" | "required";

type ViewerFor<A extends Auth> = A extends "required" ? Viewer | TokenUser : A extends "optional" ? Viewer | TokenUser | null : null;

export interface ApiRouteOptions<A extends Auth> {
  /** The route's path pattern, for the log line and the metric, e.g. "/api/submissions/[id]". */
  route: string;
  auth: A;
  /** What a token with only the read scope may not do here (its refusal names it): the submit scope is needed. */
  submitScope?: string;
  /**
   * The CSRF check of a state-changing request that carries the session cookie (`requireSameOrigin`).
   * On by default; off only where the route has its own (next-auth's sign-in).
   */
  sameOrigin?: boolean;
  /** No log line per request (health and readiness probes); the metric is still kept. */
  quiet?: boolean;
}

export interface ApiRequest<P, A extends Auth> {
  request: Request;
  params: P;
  viewer: ViewerFor<A>;
  url: URL;
}

type RouteContext<P> = { params: Promise<P> };

/**
 * An API route handler for Next.js, e.g.
 * `export const GET = apiRoute({ route: "/api/x/[id]", auth: "required" }, ({ params, viewer }) => …)`.
 */
export function apiRoute<P = Record<string, string | string[]>, A extends Auth = Auth>(
  options: ApiRouteOptions<A>,
  handler: (request: ApiRequest<P, A>) => Promise<Response> | Response,
): (request: Request, context?: RouteContext<P>) => Promise<Response> {
  const run = async (request: Request, context?: RouteContext<P>): Promise<Response> => {
    try {
      if (options.sameOrigin ?? true) requireSameOrigin(request);
      const viewer = options.auth === "none" ? null : await getRequestViewer(request);
      if (options.auth === "required" && !viewer) {
        return jsonProblem(401, "UNAUTHENTICATED", "Sign in, or send an API token as “Authorization: Bearer …”.");
      }
      if (options.submitScope !== undefined && viewer) requireSubmitScope(viewer, options.submitScope);
      const params = (await context?.params) ?? ({} as P);
      return await handler({ request, params, viewer: viewer as ViewerFor<A>, url: new URL(request.url) });
    } catch (error) {
      return problemResponse(error);
    }
  };
  const observed = observedRoute(options.route, run, { quiet: options.quiet ?? false });
  return async (request, context) => observed(request, context);
}
