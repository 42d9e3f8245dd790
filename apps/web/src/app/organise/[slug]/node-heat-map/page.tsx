import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getNodeHeatMap, getTaskConsole } from "@hierboard/platform";
import { requireViewer } from "@/auth/viewer";
import { orPageError } from "@/server/page-errors";
import { OrganiserPageHeader } from "@/components/organise/organiser-page-header";
import { Card, EmptyState } from "@/components/ui/card";
import { rateColour } from "@/components/explorer/node-measures";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Per-node F1 of all teams" };

export default async function NodeHeatMapPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ phase?: string; subtask?: string; levels?: string }>;
}) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const viewer = await requireViewer(`/organise/${slug}/node-heat-map`);
  const consoleData = await orPageError(getTaskConsole({ slug, userId: viewer.id }));
  if (!consoleData) notFound();
  const phaseKey = query.phase ?? consoleData.phases.at(-1)?.key;
  const subtaskKey = query.subtask ?? consoleData.subtasks[0]?.key;
  const levels = query.levels === "1" || query.levels === "3" ? query.levels : "2";
  const map = phaseKey && subtaskKey ? await orPageError(getNodeHeatMap({ userId: viewer.id, slug, phaseKey, subtaskKey, levels })) : null;
  const exportUrl = (format: string) =>
    `/api/tasks/${slug}/node-heat-map?${new URLSearchParams({ phase: phaseKey ?? "", subtask: subtaskKey ?? "", levels, format })}`;
  return (
    <>
      <OrganiserPageHeader
        slug={slug}
        taskTitle={consoleData.task.title}
        title="Per-node F1 of all teams"
        description="Each team's newest scored submission, F1 per node of the top levels with ancestors (a document counts at a node when the node or a descendant is among its labels): the parts of the taxonomy every system finds hard stand out as a red row."
        sibling={{ path: "submissions", label: "All submissions" }}
      />
      <Card className="mb-6">
        <form method="get" className="flex flex-wrap items-end gap-3 text-sm">
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Phase</span>
            <select name="phase" defaultValue={phaseKey} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
              {consoleData.phases.map((p) => (
                <option key={p.key} value={p.key}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Subtask</span>
            <select name="subtask" defaultValue={subtaskKey} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
              {consoleData.subtasks.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Levels</span>
            <select name="levels" defaultValue={levels} className="rounded-md border border-slate-300 bg-white px-2 py-1.5">
              <option value="1">Top level</option>
              <option value="2">Two levels</option>
              <option value="3">Three levels</option>
            </select>
          </label>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50">
            Show
          </button>
          <a href={exportUrl("csv")} className="font-medium text-sky-700 hover:underline">
            CSV
          </a>
          <a href={exportUrl("latex")} className="font-medium text-sky-700 hover:underline">
            LaTeX (hardest nodes)
          </a>
        </form>
      </Card>
      <Card>
        {!map || map.teams.length === 0 || map.nodes.length === 0 ? (
          <EmptyState title="Nothing to show yet">Scored submissions with per-node statistics appear here.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="text-xs" data-testid="node-heat-map">
              <thead>
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">
                    Node
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Support
                  </th>
                  {map.teams.map((t) => (
                    <th key={t.submissionId} scope="col" className="max-w-24 px-1 py-1 text-left font-medium [writing-mode:vertical-rl]">
                      {t.name}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1 text-right">
                    Mean
                  </th>
                </tr>
              </thead>
              <tbody>
                {map.nodes.map((n) => (
                  <tr key={n.label}>
                    <th
                      scope="row"
                      className="whitespace-nowrap px-2 py-0.5 text-left font-normal"
                      style={{ paddingLeft: `${0.5 + (n.depth - 1)}rem` }}
                    >
                      {n.label}
                    </th>
                    <td className="px-2 py-0.5 text-right tabular-nums">{n.support}</td>
                    {n.f1.map((v, i) => (
                      <td
                        key={map.teams[i]!.submissionId}
                        className="min-w-10 px-1 py-0.5 text-center tabular-nums"
                        style={{ background: rateColour(v, true) }}
                        title={`${n.label} · ${map.teams[i]!.name}: F1 ${v === null ? "not recorded" : v.toFixed(3)}`}
                      >
                        {v === null ? "–" : v.toFixed(2)}
                      </td>
                    ))}
                    <td className="px-2 py-0.5 text-right tabular-nums">{n.meanF1 === null ? "–" : n.meanF1.toFixed(3)}</td>
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
