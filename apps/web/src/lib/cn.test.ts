import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("drops falsy parts and joins the rest", () => {
    expect(cn("rounded", false, undefined, "", { "font-mono": true, hidden: false })).toBe("rounded font-mono");
  });

  it("lets a caller's class override the component's default of the same kind", () => {
    expect(cn("rounded-xl border px-3 text-sm", "px-6 text-base")).toBe("rounded-xl border px-6 text-base");
  });
});
