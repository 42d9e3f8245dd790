// The local SMTP server of `pnpm start` (smtp-server): every message it receives is stored as
// `<dataDir>/mail/<timestamp>-<id>.eml` (folder 0700, files 0600), where admins read it at
// /admin/mail. It listens on 127.0.0.1 only and accepts any sender and recipient.
import { randomBytes } from "node:crypto";
import { chmod, mkdir, rename } from "node:fs/promises";
import { createWriteStream } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { SMTPServer } from "smtp-server";

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Where the messages are stored. */
  dir: string;
  stop(): Promise<void>;
}

/** The mail folder of a data folder. */
export function mailDirOf(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/** `2026-11-26T22-05-01-123Z-<8 hex>.eml`: sorts by arrival, never collides. */
function messageFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
}

/** Starts the catcher on `port` (0: a free one). A message is written to a temporary name first, so readers never see half of one. */
export async function startMailCatcher(opts: { dataDir: string; port?: number; log?: (line: string) => void }): Promise<MailCatcher> {
  const dir = mailDirOf(opts.dataDir);
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o700);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "HierBoard local mail catcher",
    size: 10 * 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      const name = messageFileName(new Date());
      const partial = path.join(dir, `.${name}.part`);
      pipeline(stream, createWriteStream(partial, { mode: 0o600 }))
        .then(() => rename(partial, path.join(dir, name)))
        .then(() => callback())
        .catch((error: Error) => {
          opts.log?.(`mail catcher: could not store a message: ${error.message}`);
          callback(error);
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.on("error", (error) => opts.log?.(`mail catcher: ${error.message}`));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
