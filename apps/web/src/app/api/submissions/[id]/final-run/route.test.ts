import { describe, expect, it } from "vitest";
import { errorCode, mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const {
  platform: { setFinalRunSelected },
  viewer,
} = mockRouteDependencies(["setFinalRunSelected"]);

const { PUT, DELETE } = await import("./route");
const { AppError } = await import("@hierboard/platform");

const params = routeParams({ id: "s1" });
const url = "http://127.0.0.1/api/submissions/s1/final-run";
const withToken = (method: string) => new Request(url, { method, headers: { authorization: "Bearer hb_x" } });
const submitToken = { id: "u1", tokenScope: "SUBMIT" };

describe("PUT and DELETE /api/submissions/:id/final-run", () => {
  it("401 without credentials, before the platform is asked", async () => {
    viewer.mockResolvedValue(null);
    expect((await PUT(withToken("PUT"), params)).status).toBe(401);
    expect(setFinalRunSelected).not.toHaveBeenCalled();
  });

  it("PUT selects and DELETE unselects the run as the viewer, answering the team's selection, never cached", async () => {
    viewer.mockResolvedValue(submitToken);
    setFinalRunSelected.mockResolvedValue({ selected: ["s0", "s1"], finalRuns: 2, phaseKey: "test", subtaskKey: "a" });
    const response = await PUT(withToken("PUT"), params);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ selection: { phase: "test", subtask: "a", finalRuns: 2, selected: ["s0", "s1"] } });
    expect(setFinalRunSelected).toHaveBeenLastCalledWith({ userId: "u1", submissionId: "s1", selected: true });

    setFinalRunSelected.mockResolvedValue({ selected: ["s0"], finalRuns: 2, phaseKey: "test", subtaskKey: "a" });
    const removed = await DELETE(withToken("DELETE"), params);
    expect(removed.status).toBe(200);
    expect(setFinalRunSelected).toHaveBeenLastCalledWith({ userId: "u1", submissionId: "s1", selected: false });
  });

  it("403 TOKEN_SCOPE for a read-only token, naming what it tried", async () => {
    viewer.mockResolvedValue({ id: "u1", tokenScope: "READ" });
    const response = await PUT(withToken("PUT"), params);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("TOKEN_SCOPE");
    expect(body.error.message).toContain("choosing final runs needs a token with the submit scope");
    expect(setFinalRunSelected).not.toHaveBeenCalled();
  });

  it("403 CROSS_ORIGIN for a cookie request from another site", async () => {
    viewer.mockResolvedValue({ id: "u1" });
    const request = new Request(url, { method: "DELETE", headers: { origin: "http://evil.test", cookie: "next-auth.session-token=s" } });
    const response = await DELETE(request, params);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("CROSS_ORIGIN");
    expect(setFinalRunSelected).not.toHaveBeenCalled();
  });

  it.each([
    ["FORBIDDEN", 403, "Not your team's submission."],
    ["NOT_FOUND", 404, "No such submission."],
    ["PHASE_CLOSED", 403, "The selection of final runs closed with the phase at 2026-11-30T00:00:00.000Z (UTC)."],
    ["CONFLICT", 409, 'At most 2 runs count in "Test", and your team has selected 2 runs; unselect one first.'],
  ] as const)("maps the platform's %s to %i", async (code, status, message) => {
    viewer.mockResolvedValue(submitToken);
    setFinalRunSelected.mockRejectedValue(new AppError(code, message));
    const response = await PUT(withToken("PUT"), params);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: { code, message, issues: [] } });
  });
});
