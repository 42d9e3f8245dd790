// A multipart/form-data POST of one file on disk, streamed: the file goes from a read stream to the
// socket with backpressure, so this process never holds more than a few chunks of it. (Node's
// fetch, with a FormData of `fs.openAsBlob`, a Readable or a pull-based ReadableStream as the
// body, peaked at about the file's size in RSS on a 300 MB file; node:http with `pipeline`, at
// 83 MiB in all.)
import { randomBytes } from "node:crypto";
import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface UploadAnswer {
  status: number;
  body: unknown;
  /** From the first byte sent to the whole answer read. */
  seconds: number;
}

/** POSTs `fields` and the file as the part `file`, with a Content-Length, and reads the JSON answer. */
export async function postFile(url: string, opts: { token: string; file: string; fields?: Record<string, string> }): Promise<UploadAnswer> {
  const boundary = `----hierboard-bench-${randomBytes(8).toString("hex")}`;
  const fieldParts = Object.entries(opts.fields ?? {}).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${fieldParts.join("")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(opts.file)}"\r\n` +
      "Content-Type: text/tab-separated-values\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  const request = http.request(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${opts.token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.byteLength + statSync(opts.file).size + tail.byteLength),
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, text }));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
  async function* body() {
    yield head;
    yield* createReadStream(opts.file);
    yield tail;
  }
  // A server that answers before reading the whole body (a refusal) may close the socket while this
  // still writes: its answer counts, not the write's error.
  const sent = pipeline(Readable.from(body()), request).catch((error: unknown) => error);
  const { status, text } = await answered;
  await sent;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text, for the error message
  }
  return { status, body: parsed, seconds: (performance.now() - started) / 1000 };
}
