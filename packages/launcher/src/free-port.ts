import net from "node:net";
import getPort from "get-port";

/**
 * True if nothing listens on 127.0.0.1:port right now. A plain check, not get-port: get-port
 * reserves each port it hands out for a while in this process, so asking it again about the same
 * port would answer "taken" while it is free.
 */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port free on 127.0.0.1 (there is a small race until the caller binds it). */
export function freePort(): Promise<number> {
  return getPort({ host: "127.0.0.1" });
}

/** `preferred` when it is free, otherwise any free port. */
export function preferredOrFreePort(preferred: number): Promise<number> {
  return getPort({ port: preferred, host: "127.0.0.1" });
}
