import { describe, expect, it } from "vitest";
import { MEASURE_REGISTRY } from "@hierboard/metrics";
import { canonicalPageTarget, isCacheablePageRequest, PAGE_RENDER_HEADER } from "./cacheable-page-request";

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

describe("canonicalPageTarget", () => {
  const known = { phaseKeys: ["dev", "test"], subtaskKeys: ["a b", "b"] };
  const target = (path: string) => canonicalPageTarget(new URL(`http://127.0.0.1:3000${path}`), known);

  it("keeps the parameters the pages read, once each, in one order", () => {
    expect(target("/tasks/g")).toBe("/tasks/g");
    expect(target("/tasks/g?subtask=b&phase=test&page=2&order=asc&sort=team")).toBe(
      "/tasks/g?order=asc&page=2&phase=test&sort=team&subtask=b",
    );
    expect(target("/tasks/g?phase=test&phase=dev")).toBe("/tasks/g?phase=test");
    expect(target("/tasks/g/rankings?subtask=a%20b")).toBe("/tasks/g/rankings?subtask=a+b");
    // A split phase's public ranking; the private one is the page's default, as if absent.
    expect(target("/tasks/g?phase=test&split=public")).toBe("/tasks/g?phase=test&split=public");
    expect(target("/tasks/g?phase=test&split=private")).toBe("/tasks/g?phase=test");
  });

  it("gives every cache-busting variant of a page the same key", () => {
    const keys = new Set(
      ["?x=1", "?x=2&phase=test", "?phase=test&utm_source=y", "?phase=test&_=123", "?phase=test"].map((q) => target(`/tasks/g${q}`)),
    );
    expect(keys).toEqual(new Set(["/tasks/g", "/tasks/g?phase=test"]));
  });

  it("drops values the pages do not know, so 150 random ?sort= values are one page, not 150 renders", () => {
    const random = Array.from({ length: 150 }, (_, i) => target(`/tasks/g?phase=test&sort=${Math.random().toString(36).slice(2)}${i}`));
    expect(new Set(random)).toEqual(new Set(["/tasks/g?phase=test"]));
    // Made-up phases and subtasks, orders, pages: each as if absent.
    expect(target("/tasks/g?phase=nope&subtask=zz&order=sideways&page=0")).toBe("/tasks/g");
    expect(target("/tasks/g?page=02&page=3")).toBe("/tasks/g");
    expect(target("/tasks/g?page=100001")).toBe("/tasks/g");
    // Known values stay: a measure column, the fixed columns, a page number.
    expect(target(`/tasks/g?sort=${MEASURE_REGISTRY[0]!.key}&order=desc&page=12`)).toBe(
      `/tasks/g?order=desc&page=12&sort=${encodeURIComponent(MEASURE_REGISTRY[0]!.key).replace(/%20/g, "+")}`,
    );
    expect(target("/tasks/g?sort=submitted")).toBe("/tasks/g?sort=submitted");
  });
});
