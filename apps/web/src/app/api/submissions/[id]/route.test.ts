import { describe, expect, it } from "vitest";
import { errorCode, mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const {
  platform: { getSubmission },
  viewer,
} = mockRouteDependencies(["getSubmission"]);

const { GET } = await import("./route");
const { AppError } = await import("@hierboard/platform");

const params = routeParams({ id: "s1" });
const request = () => new Request("http://127.0.0.1/api/submissions/s1");

describe("GET /api/submissions/:id", () => {
  it("401 without credentials", async () => {
    viewer.mockResolvedValue(null);
    expect((await GET(request(), params)).status).toBe(401);
    expect(getSubmission).not.toHaveBeenCalled();
  });

  it("asks the platform as the viewer and is never cached", async () => {
    viewer.mockResolvedValue({ id: "u1" });
    getSubmission.mockResolvedValue({ id: "s1", status: "SCORED", scores: [] });
    const response = await GET(request(), params);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(getSubmission).toHaveBeenCalledWith({ id: "s1", viewerId: "u1" });
  });

  it("maps another team's submission (FORBIDDEN) to 403", async () => {
    viewer.mockResolvedValue({ id: "u2" });
    getSubmission.mockRejectedValue(new AppError("FORBIDDEN", "Not your team's submission."));
    const response = await GET(request(), params);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("FORBIDDEN");
  });
});
