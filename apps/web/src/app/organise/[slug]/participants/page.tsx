import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTaskConsole, listTaskTeams, type TaskTeamRow } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { OrganiserPageHeader } from "@/components/organise/organiser-page-header";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState } from "@/components/ui/card";
import { Field, TextArea, TextInput } from "@/components/ui/field";
import type { ActionResult } from "@/server/problem";
import { moderateTeamAction, updateParticipationRulesAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Participants" };

export default async function ParticipantsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const viewer = await requireViewer(`/organise/${slug}/participants`);
  const consoleData = await orPageError(getTaskConsole({ slug, userId: viewer.id }));
  if (!consoleData) notFound();
  const { requiresApproval, terms, teams } = await orPageError(listTaskTeams({ userId: viewer.id, slug }));
  return (
    <>
      <OrganiserPageHeader
        slug={slug}
        taskTitle={consoleData.task.title}
        title="Participants"
        description="Registration rules, and each team's standing: approve, ban or disqualify (with a reason kept in the audit log)."
        sibling={{ path: "submissions", label: "All submissions" }}
      />
      <div className="space-y-6">
        <Card title="Registration">
          <ActionForm
            action={updateParticipationRulesAction.bind(null, slug)}
            submitLabel="Save registration rules"
            testId="participation-rules"
          >
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="requiresApproval" defaultChecked={requiresApproval} className="mt-1" />
              <span>New teams wait for an organiser&apos;s approval before they can submit.</span>
            </label>
            <Field label="Terms a team accepts on registering" htmlFor="terms" hint="Empty = no terms. Plain text.">
              <TextArea id="terms" name="terms" rows={4} defaultValue={terms} />
            </Field>
          </ActionForm>
        </Card>
        <Card title={`Teams (${teams.length})`}>
          {teams.length === 0 ? (
            <EmptyState title="No teams yet" />
          ) : (
            <ul className="divide-y divide-slate-100">
              {teams.map((team) => (
                <TeamRow key={team.id} slug={slug} team={team} requiresApproval={requiresApproval} />
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

function TeamRow({ slug, team, requiresApproval }: { slug: string; team: TaskTeamRow; requiresApproval: boolean }) {
  const act = (action: "approve" | "ban" | "unban" | "disqualify" | "reinstate") => moderateTeamAction.bind(null, slug, team.id, action);
  return (
    <li className="grid gap-3 py-4 md:grid-cols-2" data-testid={`team-${team.name}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
          {team.name}
          {requiresApproval && (team.approved ? <Badge tone="success">approved</Badge> : <Badge tone="warning">awaiting approval</Badge>)}
          {team.banned && <Badge tone="warning">banned</Badge>}
          {team.disqualified && <Badge tone="warning">disqualified</Badge>}
          {team.termsAccepted && <Badge>terms accepted</Badge>}
        </p>
        <p className="text-xs text-slate-500">
          {team.members.join(", ")} · {team.submissions} submission{team.submissions === 1 ? "" : "s"}
        </p>
      </div>
      <div className="flex min-w-0 flex-wrap items-start gap-2">
        {requiresApproval && !team.approved && (
          <ActionForm action={act("approve")} submitLabel="Approve" className="space-y-2">
            {null}
          </ActionForm>
        )}
        {team.banned ? (
          <ActionForm action={act("unban")} submitLabel="Lift ban" submitVariant="secondary" className="space-y-2">
            {null}
          </ActionForm>
        ) : (
          <Reasoned id={`ban-${team.id}`} label="Ban…" submit="Ban team" action={act("ban")} />
        )}
        {team.disqualified ? (
          <ActionForm action={act("reinstate")} submitLabel="Reinstate" submitVariant="secondary" className="space-y-2">
            {null}
          </ActionForm>
        ) : (
          <Reasoned id={`dq-${team.id}`} label="Disqualify…" submit="Disqualify team" action={act("disqualify")} />
        )}
      </div>
    </li>
  );
}

function Reasoned({
  id,
  label,
  submit,
  action,
}: {
  id: string;
  label: string;
  submit: string;
  action: (state: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  return (
    <details className="rounded-md border border-slate-200 px-3 py-1.5 text-sm">
      <summary className="cursor-pointer text-slate-700">{label}</summary>
      <ActionForm action={action} submitLabel={submit} submitVariant="secondary" className="space-y-2 pt-2">
        <Field label="Reason (kept in the audit log)" htmlFor={id}>
          <TextInput id={id} name="reason" required minLength={3} />
        </Field>
      </ActionForm>
    </details>
  );
}
