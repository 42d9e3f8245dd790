// Serves the bench build (`.next-bench`) for another app's benchmark, as a process: apps import no
// other app (tooling/infra-check's boundaries test), so the worker's `bench:scale` starts this
// script instead of importing web-server.ts. DATABASE_URL names the database; BENCH_WEB_ENV (JSON)
// adds environment for the server. Prints one JSON line `{ "url", "pid" }` (pid: the server's
// process) once the server answers, and stops the server when stdin closes or on SIGTERM/SIGINT.
import { startWebServer } from "./web-server.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL must name the database the server should use");
const web = await startWebServer(databaseUrl, { env: JSON.parse(process.env.BENCH_WEB_ENV ?? "{}") as Record<string, string> });
process.stdout.write(`${JSON.stringify({ url: web.url, pid: web.pid })}\n`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await web.stop();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
process.stdin.once("end", stop);
process.stdin.resume();
