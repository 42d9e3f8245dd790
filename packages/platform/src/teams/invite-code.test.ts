import { describe, expect, it } from "vitest";
import { newInviteCode, normaliseInviteCode } from "./invite-code.ts";

describe("invite codes", () => {
  it("look like XXXX-XXXX without ambiguous characters", () => {
    for (let i = 0; i < 50; i++) expect(newInviteCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });
  it("accept what people type: lower case, spaces, no hyphen", () => {
    expect(normaliseInviteCode(" 7kq2 mx9p ")).toBe("7KQ2-MX9P");
    expect(normaliseInviteCode("7KQ2MX9P")).toBe("7KQ2-MX9P");
  });
});
