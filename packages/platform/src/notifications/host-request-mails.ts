// An admin answered a request to host tasks: the account that asked is told which way.
import type { Db } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { activeMembers, listening, notificationMail } from "./notification-mail.ts";

/** Mails the requester once the request is approved or refused; nothing while it is pending. */
export async function sendHostRequestAnsweredMail(db: Db, mailer: Mailer, job: { requestId: string }): Promise<number> {
  const request = await db.hostRequest.findUnique({
    where: { id: job.requestId },
    select: { status: true, user: { select: { id: true, name: true, email: true, disabledAt: true } } },
  });
  if (!request || request.status === "PENDING") return 0;
  const [to] = await listening(db, activeMembers([{ user: request.user }]), "HOST_REQUEST_ANSWERED");
  if (!to) return 0;
  const approved = request.status === "APPROVED";
  await mailer.send(
    notificationMail(mailer, to, "HOST_REQUEST_ANSWERED", {
      subject: approved ? "You can host tasks on HierBoard now" : "Your request to host tasks was refused",
      paragraphs: approved
        ? [
            "An administrator approved your request to host tasks: your account is an organiser's now.",
            "Sign in again (your sessions were ended by the change), then create your first task.",
          ]
        : ["An administrator refused your request to host tasks. Your account stays as it was; you can ask again later."],
      link: approved
        ? { label: "Your tasks", url: `${mailer.publicUrl}/organise` }
        : { label: "Your profile", url: `${mailer.publicUrl}/profile` },
    }),
  );
  return 1;
}
