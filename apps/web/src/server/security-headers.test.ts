import { describe, expect, it } from "vitest";
import { requestIsHttps, securityHeaders } from "./security-headers";

describe("securityHeaders", () => {
  it("sends a nonce CSP with frame-ancestors 'none', nosniff and a referrer policy, without unsafe-eval in production", () => {
    const headers = securityHeaders({ nonce: "abc123", development: false, https: false });
    const csp = headers["Content-Security-Policy"]!;
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("adds HSTS only behind HTTPS, and unsafe-eval only in development", () => {
    expect(securityHeaders({ nonce: "n", development: false, https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
    expect(securityHeaders({ nonce: "n", development: true, https: false })["Content-Security-Policy"]).toContain("'unsafe-eval'");
  });

  it("recognises HTTPS directly or from the proxy's X-Forwarded-Proto", () => {
    expect(requestIsHttps("https://board.example/", new Headers())).toBe(true);
    expect(requestIsHttps("http://127.0.0.1:3301/", new Headers({ "x-forwarded-proto": "https" }))).toBe(true);
    expect(requestIsHttps("http://127.0.0.1:3301/", new Headers())).toBe(false);
  });
});
