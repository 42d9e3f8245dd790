import type { Leaderboard } from "@hierboard/platform";
import { beforeEach, describe, expect, it } from "vitest";
import { mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const {
  platform: { getLeaderboard, getPaperTable },
  viewer,
} = mockRouteDependencies(["getLeaderboard", "getPaperTable"], { keepRestOfPlatform: true });

const { GET } = await import("./route");
const { AppError } = await import("@hierboard/platform");

const params = routeParams({ slug: "zoo" });
const request = (query: string) => new Request(`http://127.0.0.1/api/tasks/zoo/leaderboard?${query}`);
const row = (rank: number | null, teamName: string, f1: number): Leaderboard["rows"][number] => ({
  rank,
  run: null,
  teamName,
  teamId: `t-${teamName}`,
  submissionId: `s-${teamName}`,
  submittedAt: new Date("2026-11-20T10:00:00Z"),
  isBaseline: rank === null,
  goldVersion: 1,
  scores: { "hc.f1": { value: f1, ciLow: f1 - 0.01, ciHigh: f1 + 0.01 } },
  tie: null,
});
const board: Leaderboard = {
  phase: { key: "test", name: "Test", endsAt: new Date("2026-12-01T00:00:00Z"), visibility: "PUBLIC" },
  subtask: { key: "full", name: "Full" },
  primaryMeasure: "hc.f1",
  primaryDirection: "HIGHER",
  rule: "BEST",
  finalRuns: null,
  finalRunsBoard: "RUNS",
  hidden: false,
  goldVersions: [1],
  measures: [{ key: "hc.f1", label: "HC-F1", higherIsBetter: true }],
  showsAverageRank: false,
  rows: [row(1, "Owl", 0.9), row(2, "Heron", 0.8), row(null, "Baseline", 0.5)],
  sideBySide: { measures: [], rows: [], tau: [] },
  ties: { measure: "hc.f1", method: "randomization", resamples: 1000, alpha: 0.05, complete: true, pending: false, supported: true },
  split: null,
  splitInfo: null,
};

beforeEach(() => {
  viewer.mockResolvedValue(null);
  getLeaderboard.mockResolvedValue(board);
});

describe("GET /api/tasks/:slug/leaderboard", () => {
  it("422 naming the field without a phase", async () => {
    const response = await GET(request(""), params);
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("phase");
  });

  it("returns the board as JSON for the anonymous viewer", async () => {
    const response = await GET(request("phase=test&subtask=full"), params);
    expect(response.status).toBe(200);
    expect(getLeaderboard).toHaveBeenCalledWith({ slug: "zoo", phaseKey: "test", subtaskKey: "full", viewerId: null });
    const body = (await response.json()) as { leaderboard: { rows: { teamName: string; submittedAt: string }[] } };
    expect(body.leaderboard.rows.map((r) => r.teamName)).toEqual(["Owl", "Heron", "Baseline"]);
    expect(body.leaderboard.rows[0]!.submittedAt).toBe("2026-11-20T10:00:00.000Z");
  });

  it("sorts by a measure, worst first when asked", async () => {
    const body = (await (await GET(request("phase=test&sort=hc.f1&order=asc"), params)).json()) as {
      leaderboard: { rows: { teamName: string }[] };
    };
    expect(body.leaderboard.rows.map((r) => r.teamName)).toEqual(["Baseline", "Heron", "Owl"]);
  });

  it("exports CSV as a download, private to a signed-in viewer", async () => {
    viewer.mockResolvedValue({ id: "u1" });
    const response = await GET(request("phase=test&subtask=full&format=csv"), params);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="zoo-test-full-leaderboard.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("rank,team,baseline,submission_id,submitted_at,gold_version,tie_group,hc.f1,hc.f1.ci_low,hc.f1.ci_high");
    expect(lines[1]).toBe("1,Owl,false,s-Owl,2026-11-20T10:00:00.000Z,1,,0.9,0.89,0.91");
  });

  it("serves the paper table as LaTeX or Markdown downloads, never cached by a proxy", async () => {
    getPaperTable.mockImplementation(async (input: { format: string }) => ({
      format: input.format,
      text: `table as ${input.format}`,
      fileName: `zoo-test-full-results.${input.format === "latex" ? "tex" : "md"}`,
    }));
    const latex = await GET(request("phase=test&subtask=full&format=latex"), params);
    expect(getPaperTable).toHaveBeenCalledWith({
      slug: "zoo",
      phaseKey: "test",
      subtaskKey: "full",
      viewerId: null,
      format: "latex",
      systems: false,
    });
    expect(latex.headers.get("content-type")).toBe("application/x-tex; charset=utf-8");
    expect(latex.headers.get("content-disposition")).toBe('attachment; filename="zoo-test-full-results.tex"');
    expect(latex.headers.get("cache-control")).toBe("private, no-store");
    expect(await latex.text()).toBe("table as latex");
    const markdown = await GET(request("phase=test&format=markdown"), params);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await markdown.text()).toBe("table as markdown");
  });

  it("passes the systems option of the paper table on, and names a bad value", async () => {
    getPaperTable.mockResolvedValue({ format: "latex", text: "t", fileName: "t.tex" });
    expect((await GET(request("phase=test&format=latex&systems=1"), params)).status).toBe(200);
    expect(getPaperTable).toHaveBeenLastCalledWith(expect.objectContaining({ format: "latex", systems: true }));
    const bad = await GET(request("phase=test&format=latex&systems=yes"), params);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("Pass systems=1 or systems=0");
  });

  it("maps a hidden board's paper table (FORBIDDEN) to 403 and an unknown format to 422", async () => {
    getPaperTable.mockRejectedValue(new AppError("FORBIDDEN", "hidden"));
    expect((await GET(request("phase=test&format=latex"), params)).status).toBe(403);
    const bad = await GET(request("phase=test&format=pdf"), params);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("format");
  });

  it("maps an unknown phase (NOT_FOUND) to 404", async () => {
    getLeaderboard.mockRejectedValue(new AppError("NOT_FOUND", 'No phase "x".'));
    expect((await GET(request("phase=x"), params)).status).toBe(404);
  });
});
