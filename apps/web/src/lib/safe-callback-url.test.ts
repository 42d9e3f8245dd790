import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./safe-callback-url";

describe("safeCallbackUrl (open redirect)", () => {
  it.each([
    "/\\localhost:8766/",
    "/\\example.org/",
    "/%5Cexample.org/".replace("%5C", "\\"),
    "//example.org/",
    "///example.org/",
    "/\t/example.org/",
    "/\n/example.org",
    "\\\\example.org",
    "https://example.org/profile",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " //example.org",
  ])("refuses %j", (value) => {
    expect(safeCallbackUrl(value)).toBe("/");
    expect(safeCallbackUrl(value, "http://127.0.0.1:3301")).toBe("/");
  });

  it("keeps a path on this site with its query and fragment", () => {
    expect(safeCallbackUrl("/tasks/demo/team?tab=upload#history")).toBe("/tasks/demo/team?tab=upload#history");
    expect(safeCallbackUrl("/profile")).toBe("/profile");
    expect(safeCallbackUrl("http://127.0.0.1:3301/profile", "http://127.0.0.1:3301")).toBe("/profile");
  });

  it("falls back to / when there is nothing", () => {
    expect(safeCallbackUrl(undefined)).toBe("/");
    expect(safeCallbackUrl("")).toBe("/");
  });
});
