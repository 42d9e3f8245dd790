import { describe, expect, it } from "vitest";
import { descriptionFormSchema } from "./schema";

const form = { systemName: "BOHB_CNN", systemDescription: "A CNN.", paperUrl: "https://aclanthology.org/2019.germeval-1.1" };
const problems = (input: Record<string, string>) =>
  descriptionFormSchema.safeParse({ ...form, ...input }).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("descriptionFormSchema", () => {
  it("takes the three fields, trimmed, and an empty link", () => {
    expect(descriptionFormSchema.parse({ ...form, systemName: "  BOHB_CNN  " }).systemName).toBe("BOHB_CNN");
    expect(descriptionFormSchema.parse({ ...form, paperUrl: "" }).paperUrl).toBe("");
  });
  it("refuses a javascript: link and names the scheme it found", () => {
    expect(problems({ paperUrl: "javascript:alert(document.cookie)" })).toEqual([
      ["paperUrl", 'expected an http:// or https:// address, found "javascript:"'],
    ]);
  });
  it("keeps markup as typed: it is rendered as text, never as HTML", () => {
    const xss = "<img src=x onerror=alert(1)>";
    expect(descriptionFormSchema.parse({ ...form, systemDescription: xss }).systemDescription).toBe(xss);
  });
  it("refuses an overlong name, naming the limit", () => {
    expect(problems({ systemName: "n".repeat(81) })).toEqual([["systemName", "expected at most 80 characters in the system name"]]);
  });
});
