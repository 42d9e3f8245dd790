import { describe, expect, it } from "vitest";
import { declaredLengthTooLarge } from "./declared-length";
import { readMultipartUpload, UploadTooLargeError } from "./read-upload";

function multipart(content: string, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  form.set("subtask", "a");
  form.set("file", new File([content], "pred.tsv", { type: "text/tab-separated-values" }));
  return new Request("http://127.0.0.1/upload", { method: "POST", body: form, headers });
}

describe("readMultipartUpload", () => {
  it("reads a body under the limit", async () => {
    const upload = await readMultipartUpload(multipart("doc1\tA\n"), 10_000);
    expect(upload.fields.get("subtask")).toBe("a");
    const file = upload.files.get("file");
    expect(file?.name).toBe("pred.tsv");
    expect(new TextDecoder().decode(file?.bytes)).toBe("doc1\tA\n");
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: "x",
      headers: { "content-length": "999999", "content-type": "text/plain" },
    });
    await expect(readMultipartUpload(request, 1000)).rejects.toBeInstanceOf(UploadTooLargeError);
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
    await expect(readMultipartUpload(streamed, 4_096)).rejects.toBeInstanceOf(UploadTooLargeError);
  });
});

describe("readMultipartUpload streams", () => {
  it("joins a file that arrives in many small chunks, byte for byte", async () => {
    const content = "doc\tA\n".repeat(50_000);
    const source = multipart(content);
    const bytes = new Uint8Array(await source.arrayBuffer());
    let offset = 0;
    const trickled = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(offset, offset + 1000));
        offset += 1000;
      },
    });
    const request = new Request("http://127.0.0.1/upload", {
      method: "POST",
      body: trickled,
      headers: { "content-type": source.headers.get("content-type") ?? "" },
      duplex: "half",
    } as RequestInit);
    const upload = await readMultipartUpload(request, 1_000_000);
    expect(upload.files.get("file")?.bytes.byteLength).toBe(content.length);
    expect(new TextDecoder().decode(upload.files.get("file")?.bytes)).toBe(content);
  });

  it("keeps the part named file and reads past other file parts (a browser form's picker)", async () => {
    const form = new FormData();
    form.set("subtask", "a");
    form.set("file-picker", new File(["picked\n"], "picked.tsv"));
    form.set("file", new File(["doc1\tA\n"], "pred.tsv"));
    const upload = await readMultipartUpload(new Request("http://127.0.0.1/upload", { method: "POST", body: form }), 100_000);
    expect([...upload.files.keys()]).toEqual(["file"]);
    expect(new TextDecoder().decode(upload.files.get("file")?.bytes)).toBe("doc1\tA\n");
  });

  it("refuses more file parts than an upload form has", async () => {
    const form = new FormData();
    for (let i = 0; i < 5; i++) form.set(`f${i}`, new File(["x"], `f${i}.tsv`));
    const error = await readMultipartUpload(new Request("http://127.0.0.1/upload", { method: "POST", body: form }), 100_000).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("at most 4 file parts") });
  });

  it("refuses a form with more parts than an upload has", async () => {
    const form = new FormData();
    for (let i = 0; i < 40; i++) form.set(`field${i}`, "x");
    const error = await readMultipartUpload(new Request("http://127.0.0.1/upload", { method: "POST", body: form }), 100_000).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("at most 16 form fields") });
  });
});

describe("declaredLengthTooLarge", () => {
  it("only judges a numeric header", () => {
    expect(declaredLengthTooLarge(new Headers({ "content-length": "10" }), 9)).toBe(true);
    expect(declaredLengthTooLarge(new Headers({ "content-length": "9" }), 9)).toBe(false);
    expect(declaredLengthTooLarge(new Headers(), 9)).toBe(false);
  });
});

describe("readMultipartUpload refuses bodies that are not a complete multipart form (400/415, never 500)", () => {
  async function refusal(request: Request) {
    const error = await readMultipartUpload(request, 10_000).then(
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

  it("a body cut short inside the file part is 400 BAD_REQUEST, not an uncaught error", async () => {
    const full = multipart("doc1\tA\n".repeat(200));
    const type = full.headers.get("content-type")!;
    const bytes = new Uint8Array(await full.arrayBuffer());
    const cut = bytes.slice(0, bytes.length - 100); // the file's last lines and the closing boundary
    const error = await refusal(new Request("http://127.0.0.1/upload", { method: "POST", body: cut, headers: { "content-type": type } }));
    expect(error).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("truncated or malformed") });
  });
});

describe("readMultipartUpload gives slow bodies a deadline", () => {
  const boundary = "----pace";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.tsv"\r\n\r\n`;
  /** A body that sends its first part, then `trickle` bytes every 50 ms until `total` bytes, then the end. */
  function trickled(trickle: number, total: number): Request {
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (sent >= total) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode("x".repeat(trickle)));
        sent += trickle;
      },
    });
    return new Request("http://127.0.0.1/upload", {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
  }

  it("stops a body that arrives slower than the minimum rate after the grace period: 408 REQUEST_TIMEOUT", async () => {
    // 10 bytes every 50 ms is 200 B/s, under the 2,000 B/s asked for.
    const reading = readMultipartUpload(trickled(10, 1_000_000), 1_000_000, { pace: { minBytesPerSecond: 2_000, graceMs: 300 } });
    await expect(reading).rejects.toMatchObject({ code: "REQUEST_TIMEOUT", status: 408 });
    await expect(reading).rejects.toThrow(/Expected the upload to arrive at .* or faster, found/);
  });

  it("lets a body at the minimum rate or faster arrive in full", async () => {
    // 400 bytes every 50 ms is about 8,000 B/s, over the 2,000 B/s asked for.
    const upload = await readMultipartUpload(trickled(400, 8_000), 1_000_000, { pace: { minBytesPerSecond: 2_000, graceMs: 300 } });
    expect(upload.files.get("file")?.bytes.byteLength).toBe(8_000);
  });
});
