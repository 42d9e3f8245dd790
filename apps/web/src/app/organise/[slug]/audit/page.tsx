import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTaskConsole, listAuditLog } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { OrganiserPageHeader } from "@/components/organise/organiser-page-header";
import { Card, EmptyState } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { AuditDiff } from "@/components/organise/audit-diff";
import { TableHead } from "@/components/ui/table-head";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

export default async function AuditLogPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const viewer = await requireViewer(`/organise/${slug}/audit`);
  const consoleData = await orPageError(getTaskConsole({ slug, userId: viewer.id }));
  if (!consoleData) notFound();
  const entries = await orPageError(listAuditLog({ userId: viewer.id, slug, limit: 500 }));
  return (
    <>
      <OrganiserPageHeader
        slug={slug}
        taskTitle={consoleData.task.title}
        title="Audit log"
        description="Who changed what in this task: taxonomies, subtasks, phases, gold versions, teams, submissions and re-scoring. Newest first, the latest 500."
        sibling={{ path: "submissions", label: "All submissions" }}
      />
      <Card>
        {entries.length === 0 ? (
          <EmptyState title="Nothing recorded yet" />
        ) : (
          <div className="-mx-5 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="audit-log">
              <caption className="sr-only">Audit log of this task, newest first</caption>
              <TableHead
                gap={3}
                columns={[{ label: "When (UTC)" }, { label: "Who" }, { label: "Action" }, { label: "Target" }, { label: "Details" }]}
              />
              <tbody className="divide-y divide-slate-100">
                {entries.map((entry) => (
                  <tr key={entry.id} className="align-top">
                    <td className="whitespace-nowrap py-2 pl-5 pr-3 text-xs">
                      <UtcTime value={entry.createdAt} />
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3">{entry.actorName ?? "system"}</td>
                    <th scope="row" className="py-2 pr-3 font-mono text-xs font-medium text-slate-900">
                      {entry.action}
                    </th>
                    <td className="py-2 pr-3 text-xs text-slate-700">{entry.targetName}</td>
                    <td className="break-words py-2 pr-5 text-xs text-slate-600">
                      <AuditDiff readable={entry.readable} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
