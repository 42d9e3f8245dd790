import type { HcCounts } from "@/lib/report-breakdown";

const CELLS = [
  ["tp", "True positives", "bg-emerald-50 text-emerald-900"],
  ["fp", "False positives", "bg-red-50 text-red-900"],
  ["fn", "False negatives", "bg-amber-50 text-amber-900"],
  ["tn", "True negatives", "bg-slate-100 text-slate-800"],
] as const;

/** The hierarchical confusion counts the HC measures (precision, recall, F1, MCC, …) derive from. */
export function HcCountsGrid({ counts }: { counts: HcCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="hc-counts">
      {CELLS.map(([key, label, tone]) => (
        <div key={key} className={`rounded-lg px-4 py-3 ${tone}`}>
          <dt className="text-xs font-medium uppercase tracking-wide opacity-80">{label}</dt>
          <dd className="tabular mt-1 text-2xl font-semibold">{counts[key].toLocaleString("en")}</dd>
        </div>
      ))}
    </dl>
  );
}
