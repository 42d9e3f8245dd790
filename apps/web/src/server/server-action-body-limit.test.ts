import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "../proxy";
import { SERVER_ACTION_BODY_LIMIT_MB } from "./server-action-body-limit";

const MB = 1024 * 1024;

function actionPost(contentLength: number, extra: Record<string, string> = {}): NextRequest {
  return new NextRequest("http://127.0.0.1:3000/organise", {
    method: "POST",
    headers: {
      "next-action": "7f00aa",
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(contentLength),
      ...extra,
    },
  });
}

describe("an oversized server-action body is a 413 before it is read", () => {
  it("a declared 65 MB form is refused with 413, naming the limit and the size, with the security headers", async () => {
    const response = await proxy(actionPost(65 * MB));
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("FILE_TOO_LARGE");
    expect(body.error.message).toBe(`Expected a form of at most ${SERVER_ACTION_BODY_LIMIT_MB} MB, found 65 MB.`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  // A form at the limit passes this check; who may send it is large-action-gate.test.ts.
  it("a form at the limit is judged by the sender check next, and a large POST that is not a server action passes on", async () => {
    const atTheLimit = await proxy(actionPost(SERVER_ACTION_BODY_LIMIT_MB * MB));
    expect(atTheLimit.status).toBe(401);
    const notAnAction = new NextRequest("http://127.0.0.1:3000/organise", {
      method: "POST",
      headers: { "content-length": String(65 * MB) },
    });
    expect((await proxy(notAnAction)).status).toBe(200);
  });
});
