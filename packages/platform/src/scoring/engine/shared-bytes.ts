/**
 * The task with every byte array of it (at any depth of plain objects) in shared memory. Posting a
 * task to an engine thread structured-clones it: a 20 MB upload was copied on the request thread
 * at every send (the thread may ask for files and get the task twice), which blocked other
 * requests for tens of milliseconds each. A SharedArrayBuffer crosses to the thread without a
 * copy; the one copy into it here is a memcpy. Arrays already shared are kept as they are.
 */
export function withSharedBytes<T>(value: T): T {
  if (value instanceof Uint8Array) return sharedCopy(value) as T;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = withSharedBytes(field);
  return out as T;
}

function sharedCopy(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  shared.set(bytes);
  return shared;
}
