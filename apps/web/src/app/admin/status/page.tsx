import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getOperationsStatus, type OperationsStatus } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState, PageHeader } from "@/components/ui/card";
import { UtcTime } from "@/components/ui/utc-time";
import { RequeueButton } from "./requeue-button";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "System status" };

function duration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

function Services({ status }: { status: OperationsStatus }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-3" data-testid="services">
      {status.readiness.checks.map((check) => (
        <li key={check.name} className="min-w-0 rounded-lg border border-slate-200 px-4 py-3">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium capitalize text-slate-900">{check.name}</span>
            <Badge tone={check.ok ? "success" : "danger"}>{check.ok ? "up" : "down"}</Badge>
          </div>
          <p className="mt-1 break-words text-xs text-slate-600">
            {check.detail} · {check.latencyMs} ms
          </p>
        </li>
      ))}
    </ul>
  );
}

function Figures({ status }: { status: OperationsStatus }) {
  const figures: [string, string][] = [
    ["Workers connected", status.queue ? String(status.queue.workers.length) : "unknown (Redis down)"],
    ["Queue depth", status.queue ? String(status.queue.depth) : "unknown"],
    ["Oldest waiting", status.submissions.oldestQueued ? duration(status.submissions.oldestQueued.ageSeconds) : "none waiting"],
    ...Object.entries(status.submissions.byStatus).map(([name, n]): [string, string] => [
      name.charAt(0) + name.slice(1).toLowerCase(),
      String(n),
    ]),
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="figures">
      {figures.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-lg bg-slate-50 px-4 py-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="mt-0.5 text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default async function SystemStatusPage() {
  const viewer = await requireViewer("/admin/status");
  // Like /admin/users: an admin page is not found for everyone else.
  if (viewer.role !== "ADMIN") notFound();
  const status = await getOperationsStatus({ actorId: viewer.id });
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="System status"
        description="Services, scoring workers and the queue, as of this page load. Prometheus metrics and alerts: docs/operations.md."
      />
      <p className="-mt-2 mb-6 text-sm">
        <Link href="/admin/mail" className="font-medium text-brand-700 hover:underline">
          Mail caught by this instance
        </Link>
      </p>
      <div className="space-y-6">
        <Card title="Services">
          <Services status={status} />
        </Card>
        <Card title="Scoring">
          <Figures status={status} />
          {status.queue && status.queue.workers.length > 0 && (
            <ul className="mt-4 space-y-1 text-xs text-slate-600" data-testid="workers">
              {status.queue.workers.map((w) => (
                <li key={`${w.addr}-${w.name}`} className="break-words font-mono">
                  {w.addr} · connected {duration(w.ageSeconds)}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card
          title="Stuck in scoring"
          description={`Submissions in SCORING for more than ${duration(status.stuckThresholdSeconds)}. Re-queueing is audited.`}
        >
          {status.stuckScoring.length === 0 ? (
            <EmptyState title="Nothing is stuck" />
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="stuck">
              {status.stuckScoring.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      {s.team} <span className="font-normal text-slate-500">in {s.taskSlug}</span>
                    </p>
                    <p className="break-words font-mono text-xs text-slate-500">
                      {s.id} · scoring for {duration(s.stuckForSeconds)}
                    </p>
                  </div>
                  <RequeueButton submissionId={s.id} />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Recent failures" description="The last ten submissions that failed, with the reason stored for their team.">
          {status.recentFailures.length === 0 ? (
            <EmptyState title="No failures" />
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="failures">
              {status.recentFailures.map((f) => (
                <li key={f.id} className="py-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {f.team} <span className="font-normal text-slate-500">in {f.taskSlug}</span>
                    {f.finishedAt && (
                      <span className="ml-2 text-xs font-normal text-slate-500">
                        <UtcTime value={f.finishedAt} />
                      </span>
                    )}
                  </p>
                  <p className="mt-0.5 break-words text-slate-700">{f.reason}</p>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
