// The web app's bench build, served for this app's benchmarks by the web's own
// `bench/serve-bench-build.ts` in a child process (an app imports no other app).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");

export interface BenchWebServer {
  url: string;
  /** The `next start` process (its engine threads are threads of it). */
  pid: number;
  stop(): Promise<void>;
}

export async function startBenchWebServer(databaseUrl: string, env: Record<string, string>): Promise<BenchWebServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/serve-bench-build.ts"], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_WEB_ENV: JSON.stringify(env) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const started = await new Promise<{ url: string; pid: number }>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { url: string; pid: number });
    });
    child.once("exit", (code) => reject(new Error(`the web server's starter exited with ${code} before the server answered`)));
  });
  return {
    ...started,
    async stop() {
      if (child.exitCode !== null) return;
      child.stdin.end(); // the starter stops the server, then exits
      await exited;
    },
  };
}
