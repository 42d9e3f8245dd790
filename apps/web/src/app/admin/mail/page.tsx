import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { listCaughtMail } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { env } from "@/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mail" };

export default async function AdminMailPage() {
  const viewer = await requireViewer("/admin/mail");
  // Like the other admin pages: not found for everyone else.
  if (viewer.role !== "ADMIN") notFound();
  const mails = env.mailDir ? await listCaughtMail({ actorId: viewer.id, mailDir: env.mailDir }) : [];
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Mail"
        description={
          env.mailDir
            ? "This instance catches its mail instead of sending it (pnpm start without SMTP_URL): every message, newest first, as the SMTP server received it."
            : "Mail goes out through the SMTP server of SMTP_URL; no copy is kept here."
        }
      />
      <Card title="Caught messages" description={env.mailDir ? `Stored in ${env.mailDir}; the 100 newest are listed.` : undefined}>
        {mails.length === 0 ? (
          <EmptyState title={env.mailDir ? "No mail yet" : "Nothing is caught"} />
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="mail-list">
            {mails.map((mail) => (
              <li key={mail.name} className="py-3 text-sm">
                <Link href={`/admin/mail/${encodeURIComponent(mail.name)}`} className="font-medium text-brand-700 hover:underline">
                  {mail.subject}
                </Link>
                <p className="mt-0.5 break-words text-xs text-slate-600">
                  to {mail.to} · <UtcTime value={mail.receivedAt} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
