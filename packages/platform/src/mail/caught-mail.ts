// The messages the local catcher of `pnpm start` stored (`<dataDir>/mail/*.eml`), for admins.
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { requireAdmin } from "../users/require-admin.ts";

/** The file names the catcher writes; anything else (a path, `..`) is refused. */
const MESSAGE_NAME = /^[0-9TZ-]+-[0-9a-f]{8}\.eml$/;

export interface CaughtMailSummary {
  name: string;
  receivedAt: Date;
  to: string;
  subject: string;
}

export interface CaughtMail extends CaughtMailSummary {
  from: string;
  /** The text part only: the HTML part is never rendered. */
  text: string;
}

async function parse(dir: string, name: string): Promise<CaughtMail> {
  const file = path.join(dir, name);
  const [raw, info] = await Promise.all([readFile(file), stat(file)]);
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipImageLinks: true, skipTextLinks: true });
  const addresses = (value: typeof mail.to) => (Array.isArray(value) ? value.map((v) => v.text).join(", ") : (value?.text ?? ""));
  return {
    name,
    receivedAt: info.mtime,
    to: addresses(mail.to),
    from: mail.from?.text ?? "",
    subject: mail.subject ?? "(no subject)",
    text: mail.text ?? "(no text part)",
  };
}

/** The newest `limit` messages, newest first; admins only (FORBIDDEN). An absent folder is an empty list. */
export async function listCaughtMail(
  input: { actorId: string; mailDir: string; limit?: number },
  ctx: PlatformContext = platformContext(),
): Promise<CaughtMailSummary[]> {
  await requireAdmin(ctx.db, input.actorId);
  let names: string[];
  try {
    names = (await readdir(input.mailDir)).filter((n) => MESSAGE_NAME.test(n));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const newest = names
    .sort()
    .reverse()
    .slice(0, input.limit ?? 100);
  const mails = await Promise.all(newest.map((name) => parse(input.mailDir, name)));
  return mails.map(({ name, receivedAt, to, subject }) => ({ name, receivedAt, to, subject }));
}

/** One message by its file name; admins only. NOT_FOUND for a name the catcher would not write or a file that is gone. */
export async function readCaughtMail(
  input: { actorId: string; mailDir: string; name: string },
  ctx: PlatformContext = platformContext(),
): Promise<CaughtMail> {
  await requireAdmin(ctx.db, input.actorId);
  const notFound = new AppError("NOT_FOUND", `No caught message is called "${input.name.slice(0, 80)}".`);
  if (!MESSAGE_NAME.test(input.name)) throw notFound;
  try {
    return await parse(input.mailDir, input.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw notFound;
    throw error;
  }
}
