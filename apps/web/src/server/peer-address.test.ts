// A real HTTP server on loopback: a client's own X-Forwarded-For is replaced by the socket's
// address unless a trusted proxy is configured, and clientIp reads the trusted entry.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";
import { stampPeerAddress } from "./peer-address";

async function headersSeenBy(send: Record<string, string>): Promise<IncomingHttpHeaders> {
  let seen: IncomingHttpHeaders = {};
  const server = createServer((request, response) => {
    seen = request.headers;
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}/`, { headers: send })).text();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  return seen;
}

describe("per-address limits trust X-Forwarded-For only behind a configured proxy", () => {
  it("with a trusted proxy configured, the header is left as the proxy wrote it", async () => {
    stampPeerAddress(1);
    const seen = await headersSeenBy({ "x-forwarded-for": "203.0.113.9, 198.51.100.7" });
    expect(seen["x-forwarded-for"]).toBe("203.0.113.9, 198.51.100.7");
    // The entry the proxy appended, not the one the client sent before it.
    expect(clientIp(seen, 1)).toBe("198.51.100.7");
    expect(clientIp(seen, 2)).toBe("203.0.113.9");
  });

  it("without one (the default), a client's invented header is replaced by the socket's address", async () => {
    stampPeerAddress(0);
    for (const invented of ["203.0.113.9", "10.0.0.1, 203.0.113.10"]) {
      const seen = await headersSeenBy({ "x-forwarded-for": invented });
      expect(seen["x-forwarded-for"]).toBe("127.0.0.1");
      expect(clientIp(seen, 0)).toBe("127.0.0.1");
    }
    expect(clientIp(await headersSeenBy({}), 0)).toBe("127.0.0.1");
  });

  it("clientIp says unknown for a request without the header", () => {
    expect(clientIp(new Headers(), 0)).toBe("unknown");
  });
});
