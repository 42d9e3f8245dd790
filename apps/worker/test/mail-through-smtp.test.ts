// Mail jobs end to end: a password reset request, run by the worker, through nodemailer to the
// real SMTP catcher of `pnpm start`, read back from its .eml files.
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "@hierboard/launcher";
import { createMailer, createUser, requestPasswordReset, resetPassword, verifyCredentials, type Mailer } from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { startInProcessWorker, waitFor } from "./helpers.ts";

const PUBLIC_URL = "https://board.example.org";
let p: TestPlatform;
let dataDir: string;
let catcher: MailCatcher;
let mailer: Mailer;
let worker: Awaited<ReturnType<typeof startInProcessWorker>>;

beforeAll(async () => {
  p = await createTestPlatform();
  dataDir = await mkdtemp(path.join(tmpdir(), "hb-mail-"));
  catcher = await startMailCatcher({ dataDir });
  mailer = createMailer({
    smtpUrl: catcher.url,
    from: "HierBoard <board@example.org>",
    publicUrl: `${PUBLIC_URL}/`,
    signingSecret: "test-signing-secret",
  });
  worker = await startInProcessWorker(p, { mailer });
});
afterAll(async () => {
  await worker?.stop();
  mailer?.close();
  await catcher?.stop();
  await p?.cleanup();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function messages(): Promise<string[]> {
  return (await readdir(catcher.dir)).filter((n) => n.endsWith(".eml")).sort();
}

/** Waits until the worker logged the outcome of `count` mail jobs. */
function mailJobsDone(count: number) {
  return waitFor(`${count} mail job(s) to finish`, async () => {
    const done = worker.lines.filter((l) => /\[worker\] mail-password-reset-\S+: (sent|no-account)$/.test(l));
    return done.length >= count ? done : undefined;
  });
}

describe("mail through the SMTP catcher", () => {
  it("mails a registered address a reset link on the configured public URL, in text and HTML, stored privately", async () => {
    await createUser({ name: "Ada <b>Lovelace</b>", email: "ada@example.test", password: "quartz-lantern-meadow" }, p.ctx);
    await requestPasswordReset({ email: "ada@example.test", ip: "10.0.0.1" }, p.ctx);
    const [name] = await waitFor("a message in the catcher", async () => ((await messages()).length === 1 ? messages() : undefined));
    const file = path.join(catcher.dir, name!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(catcher.dir)).mode & 0o777).toBe(0o700);
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);

    const mail = await simpleParser(await readFile(file));
    expect(mail.subject).toBe("Reset your HierBoard password");
    expect(mail.from?.text).toBe('"HierBoard" <board@example.org>');
    expect(mail.text).toContain("Hello Ada <b>Lovelace</b>,");
    expect(mail.html).toContain("Hello Ada &lt;b&gt;Lovelace&lt;/b&gt;,");
    expect(mail.html).not.toMatch(/<img|<script|src=/i);
    const link = mail.text?.match(/https:\/\/\S+/)?.[0];
    expect(link).toMatch(/^https:\/\/board\.example\.org\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(link!);

    await resetPassword({ token: new URL(link!).searchParams.get("token")!, newPassword: "violet-harbour-compass" }, p.ctx);
    expect(await verifyCredentials({ email: "ada@example.test", password: "violet-harbour-compass" }, p.ctx)).not.toBeNull();
  });

  it("sends nothing for an address without an account (the request answered the same)", async () => {
    const before = await messages();
    await requestPasswordReset({ email: "nobody@example.test", ip: "10.0.0.2" }, p.ctx);
    await mailJobsDone(2);
    expect(worker.lines.some((l) => l.endsWith(": no-account"))).toBe(true);
    expect(await messages()).toEqual(before);
  });

  it("retries while the SMTP server is away and delivers once it is back", async () => {
    await createUser({ name: "Bob", email: "bob@example.test", password: "quartz-lantern-meadow" }, p.ctx);
    const port = catcher.port;
    await catcher.stop();
    const before = await messages();
    await requestPasswordReset({ email: "bob@example.test", ip: "10.0.0.3" }, p.ctx);
    await waitFor("a failed attempt", async () =>
      worker.lines.some((l) => /mail-password-reset-\S+ failed \(attempt 1\/5\)/.test(l)) ? true : undefined,
    );
    catcher = await startMailCatcher({ dataDir, port });
    const after = await waitFor(
      "the retried message",
      async () => ((await messages()).length > before.length ? messages() : undefined),
      30_000,
    );
    const mail = await simpleParser(await readFile(path.join(catcher.dir, after.at(-1)!)));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("bob@example.test");
  });
});
