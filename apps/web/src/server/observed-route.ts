// Wraps an API route handler: gives the request an id (the caller's `x-request-id` or a new one)
// that the platform copies into any scoring job it enqueues, times the request into the route's
// duration histogram, logs one line per request, and echoes the id in the response.
import { acceptRequestId, withRequestId } from "@hierboard/platform/request-id";
import { logger } from "./logger";
import { webMetrics } from "./metrics";

type Handler<A extends unknown[]> = (request: Request, ...rest: A) => Promise<Response> | Response;

export function observedRoute<A extends unknown[]>(route: string, handler: Handler<A>, opts: { quiet?: boolean } = {}): Handler<A> {
  return async (request, ...rest) => {
    const requestId = acceptRequestId(request.headers.get("x-request-id"));
    const started = performance.now();
    let status = 500;
    try {
      const response = await withRequestId(requestId, () => handler(request, ...rest));
      status = response.status;
      try {
        response.headers.set("x-request-id", requestId);
      } catch {
        // Immutable headers (a redirect): the id is still in the log line.
      }
      return response;
    } finally {
      const seconds = (performance.now() - started) / 1000;
      webMetrics().httpDuration.observe({ route, method: request.method, status: String(status) }, seconds);
      if (!opts.quiet) logger.info({ requestId, route, method: request.method, status, ms: Math.round(seconds * 1000) }, "request");
    }
  };
}
