import { describe, expect, it } from "vitest";
import { signInReason } from "./sign-in-reason";

describe("signInReason", () => {
  it("says why for a report, a comparison, the team area, the profile and the console", () => {
    expect(signInReason("/tasks/demo/submissions/abc")).toBe("Sign in to see this report; reports are public after the phase ends.");
    expect(signInReason("/tasks/demo/submissions/abc/compare?with=x")).toMatch(/^Sign in to compare/);
    expect(signInReason("/tasks/demo/team")).toMatch(/^Sign in to take part/);
    expect(signInReason("/profile")).toMatch(/API tokens/);
    expect(signInReason("/organise/demo")).toBe("Sign in to organise tasks.");
  });
  it("says nothing for the home page or an unknown page", () => {
    expect(signInReason("/")).toBeNull();
    expect(signInReason("/tasks/demo")).toBeNull();
  });
});
