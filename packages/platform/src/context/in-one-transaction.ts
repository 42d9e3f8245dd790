import type { PlatformContext } from "./platform-context.ts";

type Db = PlatformContext["db"];

/**
 * Runs `steps` — the platform's own functions, called with the context it is handed — in ONE
 * database transaction: if any step throws, nothing any of them wrote is kept (audit lines
 * included). A function that opens its own transaction joins this one instead (PostgreSQL has no
 * nested transactions; its work commits or rolls back with the rest).
 */
export function inOneTransaction<T>(
  ctx: PlatformContext,
  steps: (tx: PlatformContext) => Promise<T>,
  options: { maxWait: number; timeout: number },
): Promise<T> {
  return ctx.db.$transaction(async (tx) => {
    const joined = new Proxy(tx, {
      get(target, property, receiver) {
        if (property === "$transaction")
          return (work: unknown) =>
            typeof work === "function" ? (work as (inner: typeof tx) => unknown)(joined) : Promise.all(work as unknown[]);
        return Reflect.get(target, property, receiver);
      },
    });
    return steps({ ...ctx, db: joined as unknown as Db });
  }, options);
}
