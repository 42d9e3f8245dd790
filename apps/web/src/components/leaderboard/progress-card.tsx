import { getBoardHistory, type BoardHistory } from "@hierboard/platform";
import { Card } from "@/components/ui/card";
import { formatScore } from "@/lib/format-score";
import { CHART_SIZES, progressChartLayout, type ProgressChartLayout } from "@/lib/progress-chart";
import { formatUtc, formatUtcDate } from "@/lib/utc";

/** The chart draws the best teams only; the table and the CSV hold every team. */
const DRAWN_TEAMS = 8;
const COLOURS = ["#4f46e5", "#db2777", "#059669", "#d97706", "#0284c7", "#7c3aed", "#dc2626", "#65a30d"];

/**
 * The board's "Progress over time": each team's best primary score over the phase as a step line
 * (server-rendered SVG, no script), the baselines as dashed levels, a table of the steps, and the
 * CSV. Shown where the board shows scores; nothing while there is no step to draw.
 */
export async function ProgressCard(input: {
  slug: string;
  phaseKey: string;
  subtaskKey: string;
  viewerId: string | null;
  previewToken: string | null;
}) {
  const history = await getBoardHistory(input);
  if (history.series.length === 0) return null;
  const csv = `/api/tasks/${encodeURIComponent(input.slug)}/leaderboard/history?phase=${encodeURIComponent(input.phaseKey)}&subtask=${encodeURIComponent(input.subtaskKey)}&format=csv`;
  return (
    <Card
      id="progress"
      title="Progress over time"
      description={`Each team's best ${history.measure.label} so far (${history.measure.higherIsBetter ? "higher" : "lower"} is better)`}
      actions={
        <a href={csv} className="text-sm font-medium text-brand-700 hover:underline" download>
          Download CSV
        </a>
      }
    >
      <ProgressChart history={history} />
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Table of the improvements</summary>
        <ProgressTable history={history} />
      </details>
    </Card>
  );
}

function ProgressChart({ history }: { history: BoardHistory }) {
  const drawn = history.series.slice(0, DRAWN_TEAMS);
  const series = drawn.map((s) => ({ team: s.team, steps: s.steps.map((p) => ({ at: p.at.getTime(), value: p.value })) }));
  const layout = (size: (typeof CHART_SIZES)[keyof typeof CHART_SIZES]) =>
    progressChartLayout(series, history.baselines, history.until.getTime(), size);
  const wide = layout(CHART_SIZES.wide);
  const summary = drawn.map((s) => `${s.team} ${formatScore(s.steps.at(-1)!.value)}`).join(", ");
  const title = `${history.measure.label} over time, best so far per team: ${summary}`;
  return (
    <figure data-testid="progress-chart">
      {/* One drawing per screen size, each near the size it is shown at, so the labels keep a legible size. */}
      <ChartSvg layout={layout(CHART_SIZES.narrow)} title={title} className="sm:hidden" />
      <ChartSvg layout={wide} title={title} className="hidden max-w-2xl sm:block" />
      <figcaption>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {wide.lines.map((line, i) => (
            <li key={line.team} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block h-0.5 w-4 rounded"
                style={{ backgroundColor: COLOURS[i % COLOURS.length] }}
              />
              {line.team}
            </li>
          ))}
          {history.baselines.length > 0 && (
            <li className="flex items-center gap-1.5 text-slate-500">
              <span aria-hidden="true" className="inline-block w-4 border-t-2 border-dashed border-slate-500" />
              baseline
            </li>
          )}
        </ul>
        <p className="mt-1 text-xs text-slate-500">
          A step at each submission that beat the team&rsquo;s best; times in UTC, up to {formatUtc(history.until)}.
          {history.series.length > DRAWN_TEAMS &&
            ` The best ${DRAWN_TEAMS} of ${history.series.length} teams are drawn; the table has them all.`}
          {history.hidden && " Only your team's submissions are shown until the board is published."}
        </p>
      </figcaption>
    </figure>
  );
}

/** Time labels: the day, or the day and the time when the axis spans less than three days. */
function timeLabel(at: number, span: number): string {
  return span < 3 * 86_400_000 ? formatUtc(at).replace(" UTC", "") : formatUtcDate(at);
}

function ChartSvg({ layout, title, className }: { layout: ProgressChartLayout; title: string; className: string }) {
  const { plot } = layout;
  const span = (layout.xTicks.at(-1)?.at ?? 0) - (layout.xTicks[0]?.at ?? 0);
  return (
    <svg viewBox={`0 0 ${layout.width} ${layout.height}`} className={`h-auto w-full ${className}`} role="img">
      <title>{title}</title>
      <g fontSize="12" fill="#64748b">
        {layout.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} stroke="#e2e8f0" />
            <text x={plot.left - 6} y={t.y} textAnchor="end" dominantBaseline="middle">
              {formatScore(t.value, 2)}
            </text>
          </g>
        ))}
        {layout.xTicks.map((t, i) => (
          <text key={t.at} x={t.x} y={layout.height - 8} textAnchor={i === 0 ? "start" : "end"}>
            {timeLabel(t.at, span)}
          </text>
        ))}
      </g>
      <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} stroke="#94a3b8" />
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#94a3b8" />
      {layout.baselines.map((b) => (
        <g key={b.name} data-testid="progress-baseline">
          <line x1={plot.left} x2={plot.right} y1={b.y} y2={b.y} stroke="#64748b" strokeDasharray="5 4" />
          <text x={plot.right - 2} y={b.y - 4} textAnchor="end" fontSize="11" fill="#475569">
            {b.name}
          </text>
        </g>
      ))}
      {layout.lines.map((line, i) => (
        <g key={line.team} data-testid="progress-line">
          <path d={line.path} fill="none" stroke={COLOURS[i % COLOURS.length]} strokeWidth="2" />
          <circle cx={line.last.x} cy={line.last.y} r="3.5" fill={COLOURS[i % COLOURS.length]} />
        </g>
      ))}
    </svg>
  );
}

function ProgressTable({ history }: { history: BoardHistory }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" data-testid="progress-table">
        <caption className="sr-only">Each team&rsquo;s improvements of {history.measure.label}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Team
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Submitted (UTC)
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              {history.measure.label}
            </th>
          </tr>
        </thead>
        <tbody>
          {history.series.flatMap((s) =>
            s.steps.map((step, i) => (
              <tr key={step.submissionId} className={i === 0 ? "border-t border-slate-200" : ""}>
                <th scope="row" className="py-1.5 pr-4 font-medium text-slate-900">
                  {i === 0 ? s.team : <span className="sr-only">{s.team}</span>}
                </th>
                <td className="py-1.5 pr-4 tabular-nums text-slate-600">{formatUtc(step.at).replace(" UTC", "")}</td>
                <td className="py-1.5 pr-4 text-right tabular-nums">{formatScore(step.value)}</td>
              </tr>
            )),
          )}
          {history.baselines.map((b) => (
            <tr key={b.submissionId} className="border-t border-slate-200 text-slate-600">
              <th scope="row" className="py-1.5 pr-4 font-normal italic">
                {b.name} (baseline)
              </th>
              <td className="py-1.5 pr-4">—</td>
              <td className="py-1.5 pr-4 text-right tabular-nums">{formatScore(b.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
