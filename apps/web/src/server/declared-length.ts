/** Whether the request declares (`Content-Length`) a body over `maxBytes`; a body without the header is judged as it streams. */
export function declaredLengthTooLarge(headers: Headers, maxBytes: number): boolean {
  const declared = headers.get("content-length");
  if (declared === null) return false;
  const length = Number(declared);
  return Number.isFinite(length) && length > maxBytes;
}
