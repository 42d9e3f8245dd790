import type { NodeStatisticsAnswer } from "@hierboard/platform";
import { Card } from "@/components/ui/card";

const KINDS: { key: keyof NodeStatisticsAnswer["landings"]; label: string }[] = [
  { key: "sibling", label: "A sibling of a gold label" },
  { key: "sameBranch", label: "Elsewhere in the same branch" },
  { key: "otherTopLevel", label: "Another top-level category" },
  { key: "tooSpecific", label: "Below a gold label (too specific)" },
  { key: "tooGeneral", label: "Above a gold label (too general)" },
  { key: "noGold", label: "A document with no gold label" },
];

/** Where the false positives go (by the LCA with the nearest gold label), and the most frequent confusions. */
export function ErrorLandings({ answer }: { answer: NodeStatisticsAnswer }) {
  const total = KINDS.reduce((t, k) => t + answer.landings[k.key], 0);
  const share = (n: number) => (total === 0 ? "–" : `${((100 * n) / total).toFixed(1)}%`);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        title="Where the wrong labels land"
        description={`Each of the ${total.toLocaleString("en")} false positives (labels as written) is placed by its lowest common ancestor with the nearest gold label of its document.`}
      >
        <table className="w-full text-sm" data-testid="error-landings">
          <tbody>
            {KINDS.map((k) => (
              <tr key={k.key} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {k.label}
                </th>
                <td className="py-1 text-right tabular-nums">{answer.landings[k.key].toLocaleString("en")}</td>
                <td className="w-20 py-1 text-right tabular-nums text-slate-600">{share(answer.landings[k.key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-xs text-slate-600">
          By the depth of that ancestor (0 is the virtual root, so another top-level category):{" "}
          {answer.lcaDepths.map((n, depth) => `${depth}: ${n}`).join(" · ")}
        </p>
      </Card>
      <Card title="Most frequent confusions" description="Nearest gold label → predicted label, over all documents (up to 20).">
        {answer.confusions.length === 0 ? (
          <p className="text-sm text-slate-600">No false positive has a gold label to be confused with.</p>
        ) : (
          // Fixed columns: a long label wraps anywhere rather than pushing the counts off a phone's screen.
          <table className="w-full table-fixed text-sm" data-testid="confusions">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="w-[42%] py-1 text-left">
                  Gold
                </th>
                <th scope="col" className="w-[42%] py-1 text-left">
                  Predicted
                </th>
                <th scope="col" className="w-[16%] py-1 text-right">
                  Count
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.confusions.map((c) => (
                <tr key={`${c.gold}→${c.predicted}`} className="border-b border-slate-100">
                  <td className="py-1 pr-2 [overflow-wrap:anywhere]">{c.gold}</td>
                  <td className="py-1 pr-2 [overflow-wrap:anywhere]">{c.predicted}</td>
                  <td className="py-1 text-right tabular-nums">{c.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
