import { describe, expect, it } from "vitest";
import { isCacheablePageRequest, PAGE_RENDER_HEADER } from "./cacheable-page-request";

const request = (path: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url: `http://127.0.0.1:3000${path}`,
  headers: new Headers(headers),
});

describe("isCacheablePageRequest", () => {
  it("takes an anonymous GET of a task's board or rankings page, with any board query", () => {
    expect(isCacheablePageRequest(request("/tasks/germeval-2019"))).toBe(true);
    expect(isCacheablePageRequest(request("/tasks/germeval-2019?phase=test&subtask=b&sort=team&order=asc&page=2"))).toBe(true);
    expect(isCacheablePageRequest(request("/tasks/germeval-2019/rankings?phase=test"))).toBe(true);
  });

  it("renders for anyone with a cookie or credentials, a preview link, a client navigation, or its own render", () => {
    expect(isCacheablePageRequest(request("/tasks/g", { cookie: "authjs.session-token=x" }))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g", { cookie: "anything=1" }))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g", { authorization: "Bearer hb_x" }))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g?preview=secret"))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g", { rsc: "1" }))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g?_rsc=abc"))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g", { [PAGE_RENDER_HEADER]: "1" }))).toBe(false);
    expect(isCacheablePageRequest(request("/tasks/g", {}, "POST"))).toBe(false);
  });

  it("leaves every other page alone", () => {
    for (const path of [
      "/tasks/g/team",
      "/tasks/g/submissions/abc",
      "/tasks/g/data",
      "/tasks",
      "/",
      "/organise/g",
      "/tasks/g/rankings/x",
    ]) {
      expect(isCacheablePageRequest(request(path))).toBe(false);
    }
  });
});
