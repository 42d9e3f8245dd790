import { Server } from "node:http";

const stamped = Symbol.for("hierboard.peer-address-stamped");

/**
 * Makes `X-Forwarded-For` trustworthy when no reverse proxy is in front (`trustedProxies` 0):
 * every request's header is replaced by the socket's address before Next.js reads it, as a proxy's
 * `proxy_set_header X-Forwarded-For $remote_addr` would. Next.js itself fills the header from the
 * socket only when it is absent, so without this a client chooses the address that per-address
 * limits (sign-up, sign-in, uploads) count. With trusted proxies the header is left to them.
 */
export function stampPeerAddress(trustedProxies: number): void {
  if (trustedProxies > 0) return;
  const prototype = Server.prototype as Server & { [stamped]?: true };
  if (prototype[stamped]) return;
  prototype[stamped] = true;
  const emit = prototype.emit;
  prototype.emit = function emitWithPeerAddress(this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as import("node:http").IncomingMessage;
      request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "unknown";
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as Server["emit"];
}
