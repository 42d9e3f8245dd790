import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { errorCode, mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const { viewer } = mockRouteDependencies([]);
const { apiRoute } = await import("./api-route");
const { AppError } = await import("@hierboard/platform");

const url = "http://127.0.0.1/api/things/t1";
const params = routeParams({ id: "t1" });
const withToken = (method: string) => new Request(url, { method, headers: { authorization: "Bearer hb_x" } });

describe("apiRoute", () => {
  it("hands the handler its params and viewer, and answers what the handler answers", async () => {
    viewer.mockResolvedValue({ id: "u1" });
    const handler = vi.fn(({ params, viewer }) => Response.json({ id: params.id, viewer: viewer.id }));
    const GET = apiRoute<{ id: string }, "required">({ route: "/api/things/[id]", auth: "required" }, handler);
    const response = await GET(withToken("GET"), params);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "t1", viewer: "u1" });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("401 UNAUTHENTICATED without a viewer where one is required, before the handler runs", async () => {
    viewer.mockResolvedValue(null);
    const handler = vi.fn(() => Response.json({}));
    const GET = apiRoute({ route: "/api/things/[id]", auth: "required" }, handler);
    const response = await GET(new Request(url), params);
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("UNAUTHENTICATED");
    expect(handler).not.toHaveBeenCalled();
  });

  it("an optional viewer may be null; auth none never looks one up", async () => {
    viewer.mockResolvedValue(null);
    const optional = apiRoute({ route: "/api/o", auth: "optional" }, ({ viewer }) => Response.json({ viewer }));
    expect(await (await optional(new Request(url), params)).json()).toEqual({ viewer: null });
    viewer.mockClear();
    const none = apiRoute({ route: "/api/n", auth: "none" }, () => Response.json({ ok: true }));
    expect((await none(withToken("GET"), params)).status).toBe(200);
    expect(viewer).not.toHaveBeenCalled();
  });

  it("403 TOKEN_SCOPE for a read-only token where the submit scope is needed, naming the action", async () => {
    viewer.mockResolvedValue({ id: "u1", tokenScope: "READ" });
    const handler = vi.fn(() => Response.json({}));
    const PUT = apiRoute({ route: "/api/things/[id]", auth: "required", submitScope: "changing things" }, handler);
    const response = await PUT(withToken("PUT"), params);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("TOKEN_SCOPE");
    expect(body.error.message).toContain("changing things needs a token with the submit scope");
    expect(handler).not.toHaveBeenCalled();
    viewer.mockResolvedValue({ id: "u1", tokenScope: "SUBMIT" });
    expect((await PUT(withToken("PUT"), params)).status).toBe(200);
  });

  it("403 CROSS_ORIGIN for a cookie POST from another site, before anyone is looked up", async () => {
    const handler = vi.fn(() => Response.json({}));
    const POST = apiRoute({ route: "/api/things/[id]", auth: "required" }, handler);
    const request = new Request(url, { method: "POST", headers: { origin: "http://evil.test", cookie: "next-auth.session-token=s" } });
    const response = await POST(request, params);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("CROSS_ORIGIN");
    expect(viewer).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
  });

  it("maps a thrown platform error to its status and problem body", async () => {
    viewer.mockResolvedValue({ id: "u1" });
    const GET = apiRoute({ route: "/api/things/[id]", auth: "required" }, () => {
      throw new AppError("NOT_FOUND", "No such thing.");
    });
    const response = await GET(withToken("GET"), params);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND", message: "No such thing." } });
  });
});

describe("every API route", () => {
  const apiDir = fileURLToPath(new URL("../app/api", import.meta.url));
  const routeFiles = (readdirSync(apiDir, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts");

  it("is built with apiRoute, so none can miss authentication, the scope, the same-origin check or the error mapping", () => {
    expect(routeFiles.length).toBeGreaterThan(10);
    const handRolled = routeFiles.filter((file) => {
      const source = readFileSync(path.join(apiDir, file), "utf8");
      const exportsHandler = /export (async )?function (GET|POST|PUT|PATCH|DELETE)\b/.test(source);
      return exportsHandler || !/\bapiRoute\s*[<(]/.test(source) || source.includes("observedRoute(");
    });
    expect(handRolled).toEqual([]);
  });
});
