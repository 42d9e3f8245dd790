// The API route tests' one setup: the platform functions a route calls become vi.fn() doubles
// (the error types and their HTTP mapping stay real), so does the request's viewer, and every
// double is reset before each test. Not hoisted (vi.doMock): import the route after the call,
// with `await import("./route")`.
import { beforeEach, type Mock, vi } from "vitest";

export interface RouteDoubles<Name extends string> {
  platform: Record<Name, Mock>;
  viewer: Mock;
}

/**
 * Doubles for `names` from `@hierboard/platform` and for `getRequestViewer`. The rest of the
 * platform is left out, so a route calling something unexpected fails, unless `keepRestOfPlatform`.
 */
export function mockRouteDependencies<Name extends string>(
  names: readonly Name[],
  opts: { keepRestOfPlatform?: boolean } = {},
): RouteDoubles<Name> {
  const platform = Object.fromEntries(names.map((name) => [name, vi.fn()])) as Record<Name, Mock>;
  const viewer = vi.fn();
  vi.doMock("@hierboard/platform", async (importOriginal) => {
    const real = await importOriginal<typeof import("@hierboard/platform")>();
    const errorMapping = {
      AppError: real.AppError,
      httpStatusFor: real.httpStatusFor,
      appErrorFrom: real.appErrorFrom,
      requireSubmitScope: real.requireSubmitScope,
    };
    return { ...(opts.keepRestOfPlatform ? real : errorMapping), ...platform };
  });
  vi.doMock("@/auth/viewer", () => ({ getRequestViewer: viewer }));
  beforeEach(() => {
    for (const double of [...Object.values<Mock>(platform), viewer]) double.mockReset();
  });
  return { platform, viewer };
}

/** A route handler's second argument. */
export const routeParams = <Params>(values: Params) => ({ params: Promise.resolve(values) });

/** The `error.code` of a problem response. */
export const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
