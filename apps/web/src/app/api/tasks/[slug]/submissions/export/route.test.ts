import { describe, expect, it } from "vitest";
import { errorCode, mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const {
  platform: { exportSubmissions },
  viewer,
} = mockRouteDependencies(["exportSubmissions"]);

const { GET } = await import("./route");
const { AppError } = await import("@hierboard/platform");

const params = routeParams({ slug: "demo" });
const organiser = { id: "o1", email: "o@example.test", name: "O", role: "ORGANISER" };
const request = (query = "") => new Request(`http://127.0.0.1/api/tasks/demo/submissions/export${query}`);

describe("GET /api/tasks/:slug/submissions/export", () => {
  it("401 without credentials, before the platform is asked", async () => {
    viewer.mockResolvedValue(null);
    const response = await GET(request(), params);
    expect(response.status).toBe(401);
    expect(exportSubmissions).not.toHaveBeenCalled();
  });

  it("403 for anyone the platform refuses (participants, other organisers)", async () => {
    viewer.mockResolvedValue({ ...organiser, role: "PARTICIPANT" });
    exportSubmissions.mockRejectedValue(new AppError("FORBIDDEN", 'Only the organisers of "demo" can do this.'));
    const response = await GET(request(), params);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("FORBIDDEN");
  });

  it("streams the zip as an attachment, passing the phase", async () => {
    viewer.mockResolvedValue(organiser);
    const bytes = new Uint8Array([80, 75, 5, 6]);
    exportSubmissions.mockResolvedValue({ fileName: "demo-test-submissions.zip", submissions: 1, stream: new Response(bytes).body });
    const response = await GET(request("?phase=test"), params);
    expect(exportSubmissions).toHaveBeenCalledWith({ userId: "o1", slug: "demo", phaseKey: "test" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="demo-test-submissions.zip"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });
});
