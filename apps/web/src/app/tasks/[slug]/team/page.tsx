import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTeamArea, getTeamStanding } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { Card, PageHeader } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { TeamStandingCard } from "@/components/teams/team-standing";
import { SubmissionUploader } from "@/components/submissions/submission-uploader";
import { SubmissionHistory } from "@/components/submissions/submission-history";
import { FinalRunsCard } from "@/components/submissions/final-runs-card";
import { TeamStandingNotice } from "@/components/submissions/team-standing-notice";
import { PhaseCountdown } from "@/components/tasks/phase-countdown";
import { PhaseWindow } from "@/components/tasks/phase-window";
import { env } from "@/env";
import { measureLabel } from "@/lib/measure-label";
import { phaseState } from "@/lib/phase-state";
import { JoinTeamForms } from "./join-team-forms";
import { InviteCode } from "./invite-code";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Team area" };

export default async function TeamAreaPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const viewer = await requireViewer(`/tasks/${slug}/team`);
  const [area, standings] = await Promise.all([getTeamArea({ slug, userId: viewer.id }), getTeamStanding({ slug, userId: viewer.id })]);
  if (!area) notFound();
  const { task, team, phases, subtasks, submissions } = area;

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href={`/tasks/${task.slug}`} className="hover:underline">
            ← {task.title}
          </Link>
        }
        title={team ? `Team ${team.name}` : "Take part"}
        description={
          team
            ? "Upload predictions, watch them being scored, and invite your team mates."
            : "Create a team, or join one with the invite code a team mate shared with you. One account, one team per task."
        }
      />
      <TeamStandingNotice standing={area.standing} />
      {!team ? (
        <JoinTeamForms slug={task.slug} terms={task.terms} requiresApproval={task.requiresApproval} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <TeamStandingCard slug={task.slug} standings={standings} />
            <Card title="Submit predictions" description="Files are validated at once; an invalid file does not use up a submission.">
              {phases
                .filter((p) => phaseState(p.startsAt, p.endsAt) === "open")
                .map((p) => (
                  <PhaseCountdown key={p.key} endsAt={p.endsAt} label={`${p.name} closes in`} />
                ))}
              <SubmissionUploader
                slug={task.slug}
                limitBytes={env.uploadLimitBytes}
                subtasks={subtasks.map((s) => ({ key: s.key, name: s.name }))}
                phases={phases.filter((p) => phaseState(p.startsAt, p.endsAt) === "open").map((p) => ({ key: p.key, name: p.name }))}
              />
            </Card>
            <Card title="Submission history">
              <SubmissionHistory
                slug={task.slug}
                initial={submissions.map((s) => ({
                  id: s.id,
                  fileName: s.fileName,
                  subtask: s.subtaskName,
                  phase: s.phaseName,
                  status: s.status,
                  error: s.errorMessage ?? null,
                  // A split phase's score is on the part it shows: say which.
                  primaryLabel: s.primaryMeasure ? `${measureLabel(s.primaryMeasure)}${s.part === "all" ? "" : ` · ${s.part} part`}` : null,
                  primaryValue: s.primaryValue ?? null,
                  scoreHidden: s.scoreHidden,
                  versions: s.versions,
                  createdAt: new Date(s.createdAt).toISOString(),
                  uploader: s.uploaderName,
                }))}
              />
            </Card>
            <FinalRunsCard slug={task.slug} userId={viewer.id} />
          </div>
          <aside className="space-y-6">
            <Card title="Members">
              <ul className="space-y-2 text-sm">
                {team.members.map((member) => (
                  <li key={member.id} className="flex items-center justify-between gap-2">
                    <span className="font-medium text-slate-800">{member.name}</span>
                    {member.role === "OWNER" && <Badge>Owner</Badge>}
                  </li>
                ))}
              </ul>
              <p className="mt-4 border-t border-slate-100 pt-4 text-sm">
                <Link href={`/tasks/${task.slug}/teams/${team.id}`} className="font-medium text-brand-700 hover:underline">
                  Public team page
                </Link>
                <span className="block text-xs text-slate-500">Describe your system and link your paper there.</span>
              </p>
              <div className="mt-4 border-t border-slate-100 pt-4">
                <InviteCode slug={task.slug} code={team.inviteCode ?? null} />
              </div>
            </Card>
            <Card title="Phases">
              <ul className="space-y-4">
                {phases.map((p) => (
                  <li key={p.key}>
                    <PhaseWindow name={p.name} startsAt={p.startsAt} endsAt={p.endsAt} />
                    <p className="mt-1 text-xs text-slate-600">
                      {p.dailyLimit != null ? `${p.dailyLimit} per UTC day` : "No daily limit"} ·{" "}
                      {p.totalLimit != null ? `${p.totalLimit} in total` : "no total limit"}
                    </p>
                  </li>
                ))}
              </ul>
            </Card>
          </aside>
        </div>
      )}
    </>
  );
}
