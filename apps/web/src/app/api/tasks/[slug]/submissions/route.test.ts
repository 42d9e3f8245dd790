import { beforeEach, describe, expect, it } from "vitest";
import { errorCode, mockRouteDependencies, routeParams } from "@/server/testing/route-test-doubles";

const {
  platform: { createSubmissionFromUpload, listTeamRuns },
  viewer,
} = mockRouteDependencies(["createSubmissionFromUpload", "listTeamRuns"]);

// Like the platform, the double reads the body (`readUpload`) unless a test says otherwise.
beforeEach(() => {
  createSubmissionFromUpload.mockImplementation(async (input: { readUpload: (checkTarget: () => Promise<void>) => Promise<unknown> }) =>
    input.readUpload(async () => undefined),
  );
});

const { GET, POST } = await import("./route");
const { AppError } = await import("@hierboard/platform");
const { env } = await import("@/env");

const params = routeParams({ slug: "germeval" });
const user = { id: "u1", email: "t@example.test", name: "T", role: "PARTICIPANT" };

function upload(fields: Record<string, string | File>, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return new Request("http://127.0.0.1/api/tasks/germeval/submissions", {
    method: "POST",
    body: form,
    headers: { origin: "http://127.0.0.1", ...headers },
  });
}

describe("POST /api/tasks/:slug/submissions", () => {
  it("401 without credentials, before the platform is asked", async () => {
    viewer.mockResolvedValue(null);
    const response = await POST(upload({ subtask: "a", phase: "test" }), params);
    expect(response.status).toBe(401);
    expect(createSubmissionFromUpload).not.toHaveBeenCalled();
  });

  it("413 from the declared Content-Length, without reading the body", async () => {
    viewer.mockResolvedValue(user);
    const request = new Request("http://127.0.0.1/x", {
      method: "POST",
      body: "tiny",
      headers: {
        origin: "http://127.0.0.1",
        "content-length": String(env.uploadLimitBytes * 2),
        "content-type": "multipart/form-data; boundary=x",
      },
    });
    const response = await POST(request, params);
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe("FILE_TOO_LARGE");
    expect(request.bodyUsed).toBe(false);
  });

  it("422 naming the missing field", async () => {
    viewer.mockResolvedValue(user);
    const response = await POST(upload({ subtask: "a", phase: "test" }), params);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { issues: { field: string }[] } };
    expect(body.error.issues.map((issue) => issue.field)).toEqual(["file"]);
  });

  it("passes the file to the platform and answers 201", async () => {
    viewer.mockResolvedValue(user);
    let input: Record<string, unknown> = {};
    createSubmissionFromUpload.mockImplementation(
      async (call: { userId: string; slug: string; readUpload: (checkTarget: () => Promise<void>) => Promise<object> }) => {
        input = { userId: call.userId, slug: call.slug, ...(await call.readUpload(async () => undefined)) };
        return { id: "s1", status: "QUEUED", warnings: [] };
      },
    );
    const response = await POST(upload({ subtask: "a", phase: "test", file: new File(["d1\tA\n"], "p.tsv") }), params);
    expect(response.status).toBe(201);
    expect(input).toMatchObject({ userId: "u1", slug: "germeval", subtaskKey: "a", phaseKey: "test", fileName: "p.tsv" });
    expect(new TextDecoder().decode(input.content as Uint8Array)).toBe("d1\tA\n");
  });

  it("maps a platform refusal through the AppError table, keeping the line", async () => {
    viewer.mockResolvedValue(user);
    createSubmissionFromUpload.mockRejectedValue(
      new AppError("INVALID_FILE", "p.tsv:2: bad", { issues: [{ message: "p.tsv:2: bad", detail: "bad", line: 2 }] }),
    );
    const response = await POST(upload({ subtask: "a", phase: "test", file: new File(["x"], "p.tsv") }), params);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { code: string; issues: { line: number; message: string }[] } };
    expect(body.error.code).toBe("INVALID_FILE");
    expect(body.error.issues).toEqual([{ line: 2, message: "bad" }]);
  });
});

describe("GET /api/tasks/:slug/submissions", () => {
  const list = (query = "") =>
    new Request(`http://127.0.0.1/api/tasks/germeval/submissions${query}`, { headers: { authorization: "Bearer hb_x" } });

  it("401 without credentials, before the platform is asked", async () => {
    viewer.mockResolvedValue(null);
    expect((await GET(list(), params)).status).toBe(401);
    expect(listTeamRuns).not.toHaveBeenCalled();
  });

  it("lists the viewer's team's runs for a read token, filtered by phase and subtask, never cached", async () => {
    viewer.mockResolvedValue({ id: "u1", tokenScope: "READ" });
    const runs = {
      team: { name: "Owls" },
      groups: [{ phaseKey: "test", subtaskKey: "a", finalRuns: 2, runs: [{ id: "s1", selected: true }] }],
    };
    listTeamRuns.mockResolvedValue(runs);
    const response = await GET(list("?phase=test&subtask=a"), params);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual(runs);
    expect(listTeamRuns).toHaveBeenCalledWith({ userId: "u1", slug: "germeval", phaseKey: "test", subtaskKey: "a" });
    await GET(list("?phase="), params);
    expect(listTeamRuns).toHaveBeenLastCalledWith({ userId: "u1", slug: "germeval", phaseKey: undefined, subtaskKey: undefined });
  });

  it("403 NOT_A_MEMBER for someone without a team in the task", async () => {
    viewer.mockResolvedValue(user);
    listTeamRuns.mockRejectedValue(new AppError("NOT_A_MEMBER", "Only a team's members list its submissions."));
    const response = await GET(list(), params);
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("NOT_A_MEMBER");
  });
});
