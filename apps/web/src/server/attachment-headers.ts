/**
 * Headers of a file served as a download, never rendered by the browser: `attachment` with the
 * name as an ASCII fallback and as RFC 5987 UTF-8 (`filename*`), an opaque content type with
 * `nosniff` (no guessing HTML or script from the bytes), the length and the sha256 the page shows.
 */
export function attachmentHeaders(file: { fileName: string; sizeBytes: number; sha256: string }): Record<string, string> {
  // Names are checked on upload; this is the second line: nothing that could end or split the header.
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const utf8 = encodeURIComponent(file.fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return {
    "content-type": "application/octet-stream",
    "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`,
    "content-length": String(file.sizeBytes),
    "x-content-type-options": "nosniff",
    "x-content-sha256": file.sha256,
    "cache-control": "private, no-store",
  };
}
