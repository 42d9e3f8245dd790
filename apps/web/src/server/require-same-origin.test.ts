import { describe, expect, it } from "vitest";
import { requireSameOrigin } from "./require-same-origin";

function post(headers: Record<string, string>, method = "POST"): Request {
  return new Request("http://127.0.0.1:3301/api/tasks/demo/submissions", { method, headers: { host: "127.0.0.1:3301", ...headers } });
}

function refusal(request: Request): { code: string; message: string } | null {
  try {
    requireSameOrigin(request);
    return null;
  } catch (error) {
    return error as { code: string; message: string };
  }
}

describe("requireSameOrigin (CSRF on cookie-authenticated API routes)", () => {
  it("refuses a POST from another port, host or scheme", () => {
    for (const origin of ["http://127.0.0.1:3302", "http://localhost:3301", "http://evil.example", "null"]) {
      expect(refusal(post({ origin, cookie: "next-auth.session-token=x" }))).toMatchObject({ code: "CROSS_ORIGIN" });
    }
  });

  it("refuses a cookie POST without an Origin, saying what was expected", () => {
    expect(refusal(post({ cookie: "next-auth.session-token=x" }))?.message).toMatch(
      /Expected an Origin header from this site \(127\.0\.0\.1:3301\)/,
    );
  });

  it("accepts the site's own pages, bearer-token requests and safe methods", () => {
    expect(refusal(post({ origin: "http://127.0.0.1:3301" }))).toBeNull();
    expect(refusal(post({ authorization: "Bearer hb_x", origin: "http://evil.example" }))).toBeNull();
    expect(refusal(post({ origin: "http://evil.example" }, "GET"))).toBeNull();
  });

  it("answers a POST with neither a token nor a cookie 401 'sign in or send a token', not a CSRF refusal", () => {
    for (const headers of [{}, { origin: "http://evil.example" }] as Record<string, string>[]) {
      expect(refusal(post(headers))).toMatchObject({
        code: "UNAUTHENTICATED",
        message:
          'Sign in or send a token: expected a session cookie or an "Authorization: Bearer <token>" header on a POST, found neither.',
      });
    }
  });

  it("compares with the forwarded host behind a proxy", () => {
    expect(refusal(post({ origin: "https://board.example.org", "x-forwarded-host": "board.example.org" }))).toBeNull();
    expect(
      refusal(post({ origin: "https://evil.example", "x-forwarded-host": "board.example.org", cookie: "authjs.session-token=x" })),
    ).toMatchObject({
      code: "CROSS_ORIGIN",
    });
  });
});
