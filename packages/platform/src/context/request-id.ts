// The id of the HTTP request being served, carried through async calls so that a scoring job
// enqueued while serving it records the same id (and the worker logs it).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

const storage = new AsyncLocalStorage<string>();

/** A caller's `x-request-id` when it is a short token of safe characters, else a new UUID. */
export function acceptRequestId(header: string | null | undefined): string {
  return header && /^[A-Za-z0-9._:-]{1,100}$/.test(header) ? header : randomUUID();
}

/** Runs `fn` with `requestId` as the current request id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run(requestId, fn);
}

/** The request id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}
