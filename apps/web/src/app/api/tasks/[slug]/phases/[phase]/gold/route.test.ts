// The gold upload route against a real database and the real platform (engine thread included):
// tokens are real API tokens, and after every refusal the phase still has only its seeded gold.
import { configurePlatform, createApiToken } from "@hierboard/platform";
import { createTestPlatform, fixtureText, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, routeParams } from "@/server/testing/route-test-doubles";

// A small limit (about 51 kB), read by env.ts when the route is imported, so 413 costs little.
process.env.UPLOAD_LIMIT_MB = "0.05";
process.env.LOG_LEVEL = "warn";
const { POST } = await import("./route");
const { env } = await import("@/env");

let p: TestPlatform;
let seed: SeededTask;
const tokens = { organiser: "", organiserRead: "", member: "" };

beforeAll(async () => {
  p = await createTestPlatform();
  configurePlatform(p.ctx);
  seed = await seedTask(p.ctx);
  const token = async (userId: string, scope: "SUBMIT" | "READ") =>
    (await createApiToken({ userId, name: "gold test", scope }, p.ctx)).token;
  tokens.organiser = await token(seed.organiserId, "SUBMIT");
  tokens.organiserRead = await token(seed.organiserId, "READ");
  tokens.member = await token(seed.memberId, "SUBMIT");
}, 60_000);

afterAll(async () => {
  await p?.cleanup();
});

const goldUrl = (slug = "zoo", phase = "test") => `http://127.0.0.1/api/tasks/${slug}/phases/${phase}/gold`;
const params = (slug = "zoo", phase = "test") => routeParams({ slug, phase });

function goldForm(content: string, fileName = "gold.tsv"): FormData {
  const form = new FormData();
  form.set("file", new File([content], fileName));
  return form;
}

function post(body: BodyInit, opts: { token?: string | null; headers?: Record<string, string>; url?: string } = {}): Request {
  const token = opts.token === undefined ? tokens.organiser : opts.token;
  return new Request(opts.url ?? goldUrl(), {
    method: "POST",
    body,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...opts.headers },
    duplex: "half",
  } as RequestInit);
}

/** A multipart body of `bytes` file bytes, streamed in 16 kB chunks (no Content-Length of its own). */
function streamedMultipart(bytes: number): { body: ReadableStream<Uint8Array>; type: string } {
  const boundary = "goldboundary";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gold.tsv"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const chunk = new TextEncoder().encode("d1\tCats\n".repeat(2048));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= bytes) {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The phase's gold versions, to check that a refusal stored nothing. */
async function goldVersions(): Promise<number[]> {
  const rows = await p.ctx.db.goldVersion.findMany({
    where: { phase: { key: seed.phaseKey, task: { slug: seed.slug } } },
    orderBy: { version: "asc" },
    select: { version: true },
  });
  return rows.map((row) => row.version);
}

describe("POST /api/tasks/:slug/phases/:phase/gold", () => {
  it("401 for a token that is not one, and nothing stored", async () => {
    const response = await POST(post(goldForm(fixtureText("gold.tsv")), { token: "hb_not-a-token" }), params());
    expect(response.status).toBe(401);
    expect(await errorCode(response)).toBe("UNAUTHENTICATED");
    expect(await goldVersions()).toEqual([1]);
  });

  it("403 TOKEN_SCOPE for the organiser's read token, saying a submit-scope token is needed", async () => {
    const response = await POST(post(goldForm(fixtureText("gold.tsv")), { token: tokens.organiserRead }), params());
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("TOKEN_SCOPE");
    expect(body.error.message).toContain("uploading gold labels needs a token with the submit scope");
    expect(await goldVersions()).toEqual([1]);
  });

  it("403 FORBIDDEN for a participant of the task, who does not organise it, before the body is read", async () => {
    const request = post(goldForm(fixtureText("gold.tsv")), { token: tokens.member });
    const response = await POST(request, params());
    expect(response.status).toBe(403);
    expect(await errorCode(response)).toBe("FORBIDDEN");
    expect(request.bodyUsed).toBe(false);
    expect(await goldVersions()).toEqual([1]);
  });

  it("404 for an unknown task and for an unknown phase", async () => {
    const noTask = await POST(post(goldForm(fixtureText("gold.tsv")), { url: goldUrl("no-such-task") }), params("no-such-task"));
    expect(noTask.status).toBe(404);
    expect(await errorCode(noTask)).toBe("NOT_FOUND");
    const noPhaseRequest = post(goldForm(fixtureText("gold.tsv")), { url: goldUrl("zoo", "final") });
    const noPhase = await POST(noPhaseRequest, params("zoo", "final"));
    expect(noPhase.status).toBe(404);
    expect(noPhaseRequest.bodyUsed).toBe(false);
    expect(((await noPhase.json()) as { error: { message: string } }).error.message).toContain('No phase "final"');
    expect(await goldVersions()).toEqual([1]);
  });

  it("413 from a declared Content-Length over the limit, without reading the body", async () => {
    const request = post("tiny", {
      headers: { "content-length": String(env.uploadLimitBytes + 2 ** 20), "content-type": "multipart/form-data; boundary=x" },
    });
    const response = await POST(request, params());
    expect(response.status).toBe(413);
    expect(await errorCode(response)).toBe("FILE_TOO_LARGE");
    expect(request.bodyUsed).toBe(false);
    expect(await goldVersions()).toEqual([1]);
  });

  it("413 when the body passes the limit as it streams, with no Content-Length or a lying one", async () => {
    for (const declared of [undefined, "200"]) {
      const { body, type } = streamedMultipart(env.uploadLimitBytes * 3);
      const headers: Record<string, string> = { "content-type": type, ...(declared ? { "content-length": declared } : {}) };
      const response = await POST(post(body, { headers }), params());
      expect({ declared, status: response.status }).toEqual({ declared, status: 413 });
      expect(await errorCode(response)).toBe("FILE_TOO_LARGE");
    }
    expect(await goldVersions()).toEqual([1]);
  });

  it("413 for a file just over the limit in a body within the multipart allowance", async () => {
    const response = await POST(post(goldForm("a".repeat(env.uploadLimitBytes + 1))), params());
    expect(response.status).toBe(413);
    expect(await goldVersions()).toEqual([1]);
  });

  it("415 for a body that is not multipart", async () => {
    const response = await POST(post('{"file":"d1\\tCats"}', { headers: { "content-type": "application/json" } }), params());
    expect(response.status).toBe(415);
    expect(await errorCode(response)).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(await goldVersions()).toEqual([1]);
  });

  it("400 for a truncated multipart body", async () => {
    const whole = new Request(goldUrl(), { method: "POST", body: goldForm(fixtureText("gold.tsv")) });
    const type = whole.headers.get("content-type")!;
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const response = await POST(post(bytes.subarray(0, bytes.length - 20), { headers: { "content-type": type } }), params());
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe("BAD_REQUEST");
    expect(await goldVersions()).toEqual([1]);
  });

  it("422 naming the field when no file is attached", async () => {
    const form = new FormData();
    form.set("gold", "d1\tCats\n");
    const response = await POST(post(form), params());
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { issues: { field: string }[] } };
    expect(body.error.issues.map((issue) => issue.field)).toEqual(["file"]);
    expect(await goldVersions()).toEqual([1]);
  });

  it("422 with line-numbered issues for an unknown label and for a malformed line, and nothing stored", async () => {
    const unknown = await POST(post(goldForm("d1\tCats\nd2\tUnicorns\n")), params());
    expect(unknown.status).toBe(422);
    const unknownBody = (await unknown.json()) as { error: { code: string; issues: { line?: number; message: string }[] } };
    expect(unknownBody.error.code).toBe("INVALID_FILE");
    expect(unknownBody.error.issues).toEqual([expect.objectContaining({ line: 2, message: expect.stringContaining("Unicorns") })]);

    const jsonLines = '{"id": "d1", "labels": ["Cats"]}\n{"id": "d2", "labels": ["Birds"]}\n{"id": "d3", "labels": ["Trees"\n';
    const malformed = await POST(post(goldForm(jsonLines, "gold.jsonl")), params());
    expect(malformed.status).toBe(422);
    const malformedBody = (await malformed.json()) as { error: { code: string; issues: { line?: number; message: string }[] } };
    expect(malformedBody.error.code).toBe("INVALID_FILE");
    expect(malformedBody.error.issues).toEqual([expect.objectContaining({ line: 3, message: expect.stringContaining("malformed JSON") })]);
    expect(await goldVersions()).toEqual([1]);
  });

  it("201 with the new version, its documents and hash; the bytes are stored as sent", async () => {
    const content = "d1\tCats\nd2\tBirds\nd3\tTrees\n";
    const response = await POST(post(goldForm(content, "gold-v2.tsv")), params());
    expect(response.status).toBe(201);
    const body = (await response.json()) as { version: number; documents: number; unlabelled: number; contentHash: string };
    expect(body).toEqual({ version: 2, documents: 3, unlabelled: 0, contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const stored = await p.ctx.db.goldVersion.findFirstOrThrow({
      where: { phase: { key: seed.phaseKey, task: { slug: seed.slug } }, version: 2 },
      select: { fileName: true, content: true, contentHash: true },
    });
    expect(stored.fileName).toBe("gold-v2.tsv");
    expect(new TextDecoder().decode(stored.content)).toBe(content);
    expect(stored.contentHash).toBe(body.contentHash);
    expect(await goldVersions()).toEqual([1, 2]);
  });
});
