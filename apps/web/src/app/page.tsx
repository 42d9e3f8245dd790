import Link from "next/link";
import { listPublicTasks } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/card";
import { PhaseWindow } from "@/components/tasks/phase-window";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const [tasks, viewer] = await Promise.all([listPublicTasks(), getViewer()]);
  return (
    <>
      <section className="mb-10 rounded-2xl border border-slate-200 bg-gradient-to-br from-white via-white to-brand-50 px-6 py-10 shadow-sm sm:px-10">
        <p className="text-sm font-medium text-brand-700">Shared tasks in hierarchical classification</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          Leaderboards that understand the taxonomy.
        </h1>
        <p className="mt-3 max-w-2xl text-slate-600">
          Upload a taxonomy and gold labels, open a phase, and every submission is scored with hierarchical and flat measures side by side —
          no scoring script to write.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {!viewer ? (
            <ButtonLink href="/signup">Create an account</ButtonLink>
          ) : viewer.role !== "PARTICIPANT" ? (
            <ButtonLink href="/organise">Host a task</ButtonLink>
          ) : null}
          <ButtonLink href="#tasks" variant="secondary">
            Browse tasks
          </ButtonLink>
        </div>
      </section>

      <section id="tasks" aria-labelledby="tasks-heading">
        <h2 id="tasks-heading" className="mb-4 text-lg font-semibold">
          Tasks
        </h2>
        {tasks.length === 0 ? (
          <EmptyState title="No tasks yet">Organisers can create one from the Organise page.</EmptyState>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {tasks.map((task) => (
              <li key={task.slug}>
                <Link
                  href={`/tasks/${task.slug}`}
                  className="group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600/40 hover:shadow"
                >
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold text-slate-900 group-hover:text-brand-700">{task.title}</h3>
                    <span className="font-mono text-xs text-slate-500">{task.slug}</span>
                  </div>
                  {task.summary && (
                    <p className="mt-2 line-clamp-2 text-sm text-slate-600" title={task.summary}>
                      {task.summary}
                    </p>
                  )}
                  <div className="mt-4 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                    <Badge>{plural(task.subtaskCount, "subtask")}</Badge>
                    <Badge>{plural(task.teamCount, "team")}</Badge>
                    {task.currentPhase ? (
                      <PhaseWindow
                        startsAt={task.currentPhase.startsAt}
                        endsAt={task.currentPhase.endsAt}
                        name={task.currentPhase.name}
                        compact
                      />
                    ) : (
                      <span>No phase open</span>
                    )}
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
