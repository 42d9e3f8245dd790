import { MeasureHint } from "@/components/measures/measure-hint";
import { EmptyState } from "@/components/ui/card";
import { SideBySideRows } from "./side-by-side-rows";
import { divergingColour, moveClass, type SideBySideView } from "./side-by-side-view";

/**
 * Each team's rank under every measure next to its primary rank; a cell's colour and arrow show how
 * far the team moves under that measure (blue up, orange down). Beside it, Kendall's τ-b between
 * the measures as a heat-map table.
 */
export function SideBySideRankings({
  view,
  caption,
  teamHrefs,
}: {
  view: SideBySideView;
  caption: string;
  /** Each row's team page by submission id; rows without one show the name as text. */
  teamHrefs?: ReadonlyMap<string, string>;
}) {
  if (view.rows.length === 0) {
    return <EmptyState title="No ranked teams yet">Rankings appear once teams have scored submissions.</EmptyState>;
  }
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_23rem]">
      <div className="min-w-0">
        <div className="relative -mx-5 overflow-x-auto">
          <table className="w-full min-w-[36rem] border-separate border-spacing-0 text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-xs text-slate-600">
                <th
                  scope="col"
                  className="sticky left-0 z-10 border-b border-slate-200 bg-white py-2 pl-5 pr-3 text-left font-medium uppercase tracking-wide"
                >
                  Team
                </th>
                <th scope="col" className="border-b border-slate-200 px-2 py-2 text-center font-semibold text-slate-900">
                  <span className="block text-[11px] font-medium uppercase tracking-wide text-slate-500">Primary</span>
                  <MeasureHint measure={view.primary.key} scope="rankings-primary">
                    {view.primary.label}
                  </MeasureHint>
                </th>
                {view.measures.map((m, i) => (
                  <th key={m.key} scope="col" className="border-b border-slate-200 px-1.5 py-2 text-center font-medium text-slate-800">
                    <span className="block whitespace-nowrap">
                      <MeasureHint measure={m.key} scope="rankings" align={i >= view.measures.length - 2 ? "right" : "left"}>
                        {m.label}
                      </MeasureHint>
                    </span>
                    <span className="block text-[11px] font-normal text-slate-500">{m.higherIsBetter ? "↑ better" : "↓ better"}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <SideBySideRows
                rows={view.rows.map((row) => [
                  row.submissionId,
                  row.teamName,
                  row.primaryRank,
                  row.cells.map((cell) => [cell.rank, cell.move, moveClass(cell)] as const),
                  teamHrefs?.get(row.submissionId) ?? null,
                ])}
              />
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-xs leading-5 text-slate-600">
          Rank of each of {view.teams} team{view.teams === 1 ? "" : "s"} under each measure (competition ranks: ties share a rank), next to
          the rank under the primary measure.{" "}
          <span className="whitespace-nowrap">
            <span className="mv-u3 rounded px-1">▲ n</span> moves up n places,
          </span>{" "}
          <span className="whitespace-nowrap">
            <span className="mv-d3 rounded px-1">▼ n</span> moves down;
          </span>{" "}
          the stronger the colour, the bigger the move (relative to the board&rsquo;s size). Baselines are not ranked.
        </p>
      </div>

      <div className="min-w-0">
        <h3 className="mb-1 text-sm font-semibold text-slate-900">How much the measures agree</h3>
        <p className="mb-3 text-xs leading-5 text-slate-600">
          Kendall&rsquo;s τ-b between the teams&rsquo; ranks under each pair of measures: 1 = same order, 0 = unrelated, −1 = reversed.
        </p>
        <div className="relative -mx-5 overflow-x-auto px-5">
          <table className="border-separate border-spacing-0.5 text-xs">
            <caption className="sr-only">Kendall τ-b between the rankings of each pair of measures</caption>
            <thead>
              <tr>
                <td />
                {view.measures.map((m) => (
                  <th key={m.key} scope="col" className="h-28 w-9 min-w-9 max-w-9 p-0 pb-1.5 align-bottom font-medium text-slate-700">
                    <span className="inline-block rotate-180 whitespace-nowrap [writing-mode:vertical-rl]">{m.label}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.measures.map((m, i) => (
                <tr key={m.key}>
                  <th scope="row" className="whitespace-nowrap pr-1.5 text-right font-medium text-slate-700">
                    {m.label}
                  </th>
                  {view.tau[i]!.map((cell, j) => (
                    <td
                      key={view.measures[j]!.key}
                      className="tabular h-9 w-9 min-w-9 rounded text-center text-[11px] font-medium"
                      style={divergingColour(cell.value)}
                      title={`τ-b(${m.label}, ${view.measures[j]!.label}) = ${cell.text}`}
                    >
                      {cell.text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-3 flex items-center gap-2 text-[11px] text-slate-600" aria-hidden="true">
          <span>−1</span>
          <span
            className="h-2 w-40 rounded-full"
            style={{
              background: `linear-gradient(to right, ${divergingColour(-1).background}, #ffffff, ${divergingColour(1).background})`,
            }}
          />
          <span>+1</span>
        </div>
      </div>
    </div>
  );
}
