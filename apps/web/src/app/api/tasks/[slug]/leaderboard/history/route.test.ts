import type { BoardHistory } from "@hierboard/platform";
import { beforeEach, describe, expect, it } from "vitest";
import { mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const {
  platform: { getBoardHistory },
  viewer,
} = mockRouteDependencies(["getBoardHistory"], { keepRestOfPlatform: true });

const { GET } = await import("./route");
const { AppError } = await import("@hierboard/platform");

const params = routeParams({ slug: "zoo" });
const request = (query: string) => new Request(`http://127.0.0.1/api/tasks/zoo/leaderboard/history?${query}`);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));
const history: BoardHistory = {
  phase: { key: "test", name: "Test", endsAt: at(120) },
  subtask: { key: "full", name: "Full" },
  measure: { key: "hc.f1", label: "HC-F1", higherIsBetter: true },
  part: "all",
  until: at(60),
  hidden: false,
  series: [
    {
      team: "Owl",
      submissions: 3,
      steps: [
        { at: at(10), value: 0.5, submissionId: "s1" },
        { at: at(30), value: 0.9, submissionId: "s3" },
      ],
    },
    { team: "=Heron", submissions: 1, steps: [{ at: at(20), value: 0.7, submissionId: "s2" }] },
  ],
  baselines: [{ name: "Majority", value: 0.4, submissionId: "b1" }],
};

beforeEach(() => {
  viewer.mockResolvedValue(null);
  getBoardHistory.mockResolvedValue(history);
});

describe("GET /api/tasks/:slug/leaderboard/history", () => {
  it("422 naming the field without a phase, and for an unknown format", async () => {
    const missing = await GET(request("subtask=full"), params);
    expect(missing.status).toBe(422);
    expect(JSON.stringify(await missing.json())).toContain("phase");
    const bad = await GET(request("phase=test&format=png"), params);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("format");
  });

  it("returns one series per team as JSON, cacheable for the anonymous viewer", async () => {
    const response = await GET(request("phase=test&subtask=full"), params);
    expect(response.status).toBe(200);
    expect(getBoardHistory).toHaveBeenCalledWith({ slug: "zoo", phaseKey: "test", subtaskKey: "full", viewerId: null });
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const body = (await response.json()) as {
      history: { series: { team: string; steps: { at: string; value: number }[] }[]; part: string };
    };
    expect(body.history.part).toBe("all");
    expect(body.history.series.map((s) => s.team)).toEqual(["Owl", "=Heron"]);
    expect(body.history.series[0]!.steps[1]).toEqual({ at: "2026-11-20T10:30:00.000Z", value: 0.9, submissionId: "s3" });
  });

  it("passes the signed-in viewer and keeps their answer out of shared caches", async () => {
    viewer.mockResolvedValue({ id: "u1" });
    const response = await GET(request("phase=test"), params);
    expect(getBoardHistory).toHaveBeenCalledWith({ slug: "zoo", phaseKey: "test", subtaskKey: null, viewerId: "u1" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("exports CSV as a download, one line a step and a baseline, a formula-like team name neutralised", async () => {
    const response = await GET(request("phase=test&subtask=full&format=csv"), params);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="zoo-test-full-history.csv"');
    expect((await response.text()).trimEnd().split("\r\n")).toEqual([
      "kind,team,at,hc.f1,submission_id",
      "team,Owl,2026-11-20T10:10:00.000Z,0.5,s1",
      "team,Owl,2026-11-20T10:30:00.000Z,0.9,s3",
      'team,"\'=Heron",2026-11-20T10:20:00.000Z,0.7,s2',
      "baseline,Majority,,0.4,b1",
    ]);
  });

  it("maps an unknown task or phase (NOT_FOUND) to 404", async () => {
    getBoardHistory.mockRejectedValue(new AppError("NOT_FOUND", 'No phase "x".'));
    expect((await GET(request("phase=x"), params)).status).toBe(404);
  });
});
