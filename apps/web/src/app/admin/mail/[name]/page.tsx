import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { readCaughtMail } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { Card, PageHeader } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { env } from "@/env";
import { orPageError } from "@/server/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Mail message" };

export default async function AdminMailMessagePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const viewer = await requireViewer(`/admin/mail/${encodeURIComponent(name)}`);
  if (viewer.role !== "ADMIN" || !env.mailDir) notFound();
  const mail = await orPageError(readCaughtMail({ actorId: viewer.id, mailDir: env.mailDir, name }));
  return (
    <>
      <PageHeader eyebrow="Admin · Mail" title={mail.subject} description="The message's text part, as sent. Its HTML part is not shown." />
      <Card>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">From</dt>
          <dd className="break-words">{mail.from}</dd>
          <dt className="text-slate-600">To</dt>
          <dd className="break-words">{mail.to}</dd>
          <dt className="text-slate-600">Received</dt>
          <dd>
            <UtcTime value={mail.receivedAt} />
          </dd>
        </dl>
        <pre
          data-testid="mail-text"
          className="mt-4 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-4 font-mono text-sm text-slate-900"
        >
          {mail.text}
        </pre>
        <p className="mt-4 text-sm">
          <Link href="/admin/mail" className="font-medium text-brand-700 hover:underline">
            All caught mail
          </Link>
        </p>
      </Card>
    </>
  );
}
