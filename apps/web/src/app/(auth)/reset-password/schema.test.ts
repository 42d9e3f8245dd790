import { describe, expect, it } from "vitest";
import { resetPasswordSchema } from "./schema";

describe("the reset form's schema", () => {
  it("accepts a token and a long enough password", () => {
    expect(resetPasswordSchema.parse({ token: "abc", password: "violet-harbour" })).toEqual({ token: "abc", password: "violet-harbour" });
  });

  it("names the field and what it expected", () => {
    const result = resetPasswordSchema.safeParse({ token: "", password: "short" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues).toEqual([
      ["token", expect.stringMatching(/needs the link from the mail/)],
      ["password", expect.stringMatching(/at least 10 characters/)],
    ]);
  });
});
