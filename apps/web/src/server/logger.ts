// The web app's one logger: JSON lines in production (one object per line, for a log shipper),
// pretty and coloured in development when the dev dependency pino-pretty is installed.
import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/env";

function prettyStream(): DestinationStream | undefined {
  if (env.nodeEnv === "production") return undefined;
  try {
    // In-process (not a worker-thread transport), so it works inside Next.js's server bundle.
    const pretty = createRequire(import.meta.url)("pino-pretty") as (opts: object) => DestinationStream;
    return pretty({ sync: true, colorize: Boolean(process.stdout.isTTY), translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

const holder = globalThis as unknown as { __hierboardWebLogger?: Logger };

export const logger: Logger = (holder.__hierboardWebLogger ??= pino(
  { name: "web", level: env.logLevel, base: { service: "web", pid: process.pid } },
  prettyStream(),
));
