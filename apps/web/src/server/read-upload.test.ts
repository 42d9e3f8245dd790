import { describe, expect, it } from "vitest";
import { declaredLengthTooLarge, readLimitedFormData, UploadTooLargeError } from "./read-upload";

function multipart(content: string, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  form.set("subtask", "a");
  form.set("file", new File([content], "pred.tsv", { type: "text/tab-separated-values" }));
  return new Request("http://127.0.0.1/upload", { method: "POST", body: form, headers });
}

describe("readLimitedFormData", () => {
  it("reads a body under the limit", async () => {
    const form = await readLimitedFormData(multipart("doc1\tA\n"), 10_000);
    expect(form.get("subtask")).toBe("a");
    const file = form.get("file");
    expect(file).toBeInstanceOf(File);
    expect(await (file as File).text()).toBe("doc1\tA\n");
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: "x",
      headers: { "content-length": "999999", "content-type": "text/plain" },
    });
    await expect(readLimitedFormData(request, 1000)).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(request.bodyUsed).toBe(false);
  });

  it("cuts off a streamed body once it passes the limit", async () => {
    const big = "doc\tA\n".repeat(5_000);
    const source = multipart(big);
    // Re-wrap as a stream without a length, as a chunked upload arrives.
    const streamed = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: source.body,
      headers: { "content-type": source.headers.get("content-type") ?? "" },
      duplex: "half",
    } as RequestInit);
    await expect(readLimitedFormData(streamed, 4_096)).rejects.toBeInstanceOf(UploadTooLargeError);
  });
});

describe("declaredLengthTooLarge", () => {
  it("only judges a numeric header", () => {
    expect(declaredLengthTooLarge(new Headers({ "content-length": "10" }), 9)).toBe(true);
    expect(declaredLengthTooLarge(new Headers({ "content-length": "9" }), 9)).toBe(false);
    expect(declaredLengthTooLarge(new Headers(), 9)).toBe(false);
  });
});

describe("readLimitedFormData refuses bodies that are not a complete multipart form (400/415, never 500)", () => {
  async function refusal(request: Request) {
    const error = await readLimitedFormData(request, 10_000).then(
      () => null,
      (e: unknown) => e,
    );
    return error as { code: string; message: string } | null;
  }

  it("a JSON body is 415 UNSUPPORTED_MEDIA_TYPE, naming what was found", async () => {
    const error = await refusal(
      new Request("http://127.0.0.1/upload", { method: "POST", body: '{"file":"x"}', headers: { "content-type": "application/json" } }),
    );
    expect(error).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", message: expect.stringContaining("found “application/json”") });
  });

  it("an empty body is 400 BAD_REQUEST", async () => {
    const error = await refusal(
      new Request("http://127.0.0.1/upload", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=abc" } }),
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("a truncated multipart body is 400 BAD_REQUEST", async () => {
    const full = multipart("doc1\tA\n");
    const type = full.headers.get("content-type")!;
    const bytes = new Uint8Array(await full.arrayBuffer());
    const cut = bytes.slice(0, Math.floor(bytes.length / 2));
    const error = await refusal(new Request("http://127.0.0.1/upload", { method: "POST", body: cut, headers: { "content-type": type } }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("truncated or malformed") });
  });
});
