// The worker's one logger: JSON lines in production, pretty in development when the dev
// dependency pino-pretty is installed. LOG_LEVEL sets the level (read once, in env.ts).
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";

function prettyStream(production: boolean): DestinationStream | undefined {
  if (production) return undefined;
  try {
    const pretty = createRequire(import.meta.url)("pino-pretty") as (opts: object) => DestinationStream;
    return pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

export function createWorkerLogger(opts: { level: string; production: boolean }): Logger {
  return pino({ name: "worker", level: opts.level, base: { service: "worker", pid: process.pid } }, prettyStream(opts.production));
}
