// What the notification tests share: a seeded task, the real SMTP catcher, a mailer that sends to
// it, an in-process worker with that mailer, and the caught mails read back as parsed messages.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { startMailCatcher, type MailCatcher } from "@hierboard/launcher";
import { createMailer, type Mailer } from "@hierboard/platform";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { startInProcessWorker } from "./helpers.ts";

export const PUBLIC_URL = "https://board.example.org";

/** A caught mail: parsed, and as it was sent (headers included). */
export interface CaughtMail {
  mail: ParsedMail;
  raw: string;
}

export interface MailHarness {
  p: TestPlatform;
  seed: SeededTask;
  catcher: MailCatcher;
  mailer: Mailer;
  worker: Awaited<ReturnType<typeof startInProcessWorker>>;
  /** Every mail caught so far, oldest first. */
  inbox(): Promise<CaughtMail[]>;
  stop(): Promise<void>;
}

export async function startMailHarness(signingSecret: string): Promise<MailHarness> {
  const p = await createTestPlatform();
  const seed = await seedTask(p.ctx);
  const dataDir = await mkdtemp(path.join(tmpdir(), "hb-mail-"));
  const catcher = await startMailCatcher({ dataDir });
  const mailer = createMailer({ smtpUrl: catcher.url, from: "HierBoard <board@example.org>", publicUrl: PUBLIC_URL, signingSecret });
  const worker = await startInProcessWorker(p, { mailer });
  return {
    p,
    seed,
    catcher,
    mailer,
    worker,
    async inbox() {
      const names = (await readdir(catcher.dir)).filter((n) => n.endsWith(".eml")).sort();
      return Promise.all(
        names.map(async (n) => {
          const raw = await readFile(path.join(catcher.dir, n), "utf8");
          return { mail: await simpleParser(raw), raw };
        }),
      );
    },
    async stop() {
      await worker.stop();
      mailer.close();
      await catcher.stop();
      await p.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The single recipient of a mail, as written in its To header ("" if none or several). */
export const recipientOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
