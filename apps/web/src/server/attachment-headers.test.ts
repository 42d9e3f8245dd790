import { describe, expect, it } from "vitest";
import { attachmentHeaders } from "./attachment-headers";

const sha256 = "a".repeat(64);

describe("attachmentHeaders", () => {
  it("serves a download, never a page: attachment, octet-stream, nosniff", () => {
    expect(attachmentHeaders({ fileName: "starting-kit.zip", sizeBytes: 394, sha256 })).toEqual({
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="starting-kit.zip"; filename*=UTF-8''starting-kit.zip`,
      "content-length": "394",
      "x-content-type-options": "nosniff",
      "x-content-sha256": sha256,
      "cache-control": "private, no-store",
    });
  });

  it("keeps a non-ASCII name as UTF-8 and gives old clients an ASCII fallback", () => {
    const disposition = attachmentHeaders({ fileName: "Daten-Übersicht (v1).md", sizeBytes: 1, sha256 })["content-disposition"] ?? "";
    expect(disposition).toBe(`attachment; filename="Daten-_bersicht (v1).md"; filename*=UTF-8''Daten-%C3%9Cbersicht%20%28v1%29.md`);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe("Daten-Übersicht (v1).md");
  });

  it("cannot be made to end the header or add one, even with a name that slipped past the upload checks", () => {
    const disposition = attachmentHeaders({ fileName: 'a"; x=1\r\nSet-Cookie: s=1', sizeBytes: 1, sha256 })["content-disposition"] ?? "";
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition.match(/"/g)).toHaveLength(2);
    expect(disposition).toContain("filename*=UTF-8''a%22%3B%20x%3D1%0D%0ASet-Cookie%3A%20s%3D1");
  });
});
