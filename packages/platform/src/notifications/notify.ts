import type { MailJobData } from "@hierboard/queue";
import type { PlatformContext } from "../context/platform-context.ts";

/**
 * Puts a notification's mail job on the queue, after the change it tells of is committed. The
 * worker writes and sends it. Without a mail queue (scripts) nothing is mailed; when the queue is
 * unreachable the change stands and only the mail is lost, with a warning.
 */
export async function notify(ctx: PlatformContext, mail: MailJobData): Promise<void> {
  if (!ctx.enqueueMail) return;
  try {
    await ctx.enqueueMail(mail);
  } catch (error) {
    console.warn(`[platform] ${mail.kind} mail not queued: ${(error as Error).message}`);
  }
}
