import type { TaskConsole } from "@hierboard/platform";
import { buttonClass } from "@/components/ui/button";
import { Card, EmptyState } from "@/components/ui/card";

/** Export the task as a bundle zip, and download each board's results table for the paper. */
export function BundleSection({
  slug,
  phases,
  subtasks,
}: {
  slug: string;
  phases: TaskConsole["phases"];
  subtasks: TaskConsole["subtasks"];
}) {
  const board = (phase: string, subtask: string, format: "latex" | "markdown", systems = false) =>
    `/api/tasks/${encodeURIComponent(slug)}/leaderboard?phase=${encodeURIComponent(phase)}&subtask=${encodeURIComponent(subtask)}&format=${format}${systems ? "&systems=1" : ""}`;
  return (
    <Card
      id="bundle"
      title="Bundle & results for the paper"
      description="Move the task to another HierBoard, keep it for review, or run it again next year; and take each final board into the overview paper."
    >
      <div className="mb-6 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <a href={`/api/tasks/${encodeURIComponent(slug)}/bundle`} download className={buttonClass("secondary")} data-testid="export-bundle">
          Export bundle (.zip)
        </a>
        <p className="min-w-0 text-sm text-slate-600 sm:flex-1">
          task.yaml (subtasks, phases in UTC, limits, rules) with the taxonomy, gold and public files and their sha256. Teams and
          submissions are not included. Import it from{" "}
          <a className="underline" href="/organise#import-bundle">
            Your tasks
          </a>
          .
        </p>
      </div>
      <div className="mb-6 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <a
          href={`/api/tasks/${encodeURIComponent(slug)}/submissions/export`}
          download
          className={buttonClass("secondary")}
          data-testid="export-submissions"
        >
          Export submissions (.zip)
        </a>
        <p className="min-w-0 text-sm text-slate-600 sm:flex-1">
          Every submission file as uploaded, every score per gold version (scores.csv, scores.json), team and run metadata, and the sha256
          of the taxonomy and gold files with the engine version each score was computed with. One phase only: add{" "}
          <code className="whitespace-nowrap">?phase=KEY</code> to the link.
        </p>
      </div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">Results tables</h3>
      {phases.length === 0 || subtasks.length === 0 ? (
        <EmptyState title="No board yet">Add a subtask and a phase first.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            Ranks under the primary measure, the other measures side by side with each run&apos;s rank, bootstrap intervals and tie groups,
            with a caption naming the measures and the test. A private phase&apos;s board is shown to organisers only until it ends.
            &ldquo;+ systems&rdquo; adds the teams&apos; system names and a list of their papers, ready to <code>\cite</code>.
          </p>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="paper-tables">
            {phases.flatMap((phase) =>
              subtasks.map((subtask) => (
                <li key={`${phase.key}/${subtask.key}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 break-words">
                    {phase.name} · {subtask.name}
                  </span>
                  <span className="flex flex-wrap gap-x-2">
                    <a
                      href={board(phase.key, subtask.key, "latex")}
                      download
                      aria-label={`LaTeX table: ${phase.name} · ${subtask.name}`}
                      className={buttonClass("ghost", "px-2 py-1")}
                    >
                      LaTeX
                    </a>
                    <a
                      href={board(phase.key, subtask.key, "markdown")}
                      download
                      aria-label={`Markdown table: ${phase.name} · ${subtask.name}`}
                      className={buttonClass("ghost", "px-2 py-1")}
                    >
                      Markdown
                    </a>
                    <a
                      href={board(phase.key, subtask.key, "latex", true)}
                      download
                      aria-label={`LaTeX table with system names and papers: ${phase.name} · ${subtask.name}`}
                      className={buttonClass("ghost", "px-2 py-1")}
                    >
                      LaTeX + systems
                    </a>
                    <a
                      href={board(phase.key, subtask.key, "markdown", true)}
                      download
                      aria-label={`Markdown table with system names and papers: ${phase.name} · ${subtask.name}`}
                      className={buttonClass("ghost", "px-2 py-1")}
                    >
                      Markdown + systems
                    </a>
                  </span>
                </li>
              )),
            )}
          </ul>
        </>
      )}
    </Card>
  );
}
