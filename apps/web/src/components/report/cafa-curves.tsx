import type { CafaNamespaceCurves } from "@/lib/cafa-curves";
import { formatScore } from "@/lib/format-score";

const W = 320;
const H = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 36 };

/** One curve as an inline SVG (drawn on the server): axes from 0, a marked best point. */
function CurveSvg({
  title,
  points,
  best,
  xLabel,
  yLabel,
  max,
  testId,
}: {
  title: string;
  points: { x: number; y: number }[];
  best: { x: number; y: number; label: string };
  xLabel: string;
  yLabel: string;
  max: { x: number; y: number };
  testId: string;
}) {
  const sx = (x: number) => PAD.left + (x / max.x) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - (y / max.y) * (H - PAD.top - PAD.bottom);
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(" ");
  const ticks = [0, 0.5, 1];
  const bx = sx(best.x);
  const by = sy(best.y);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="h-auto w-full max-w-sm" data-testid={testId}>
      <title>{title}</title>
      <rect x={PAD.left} y={PAD.top} width={W - PAD.left - PAD.right} height={H - PAD.top - PAD.bottom} fill="#f8fafc" stroke="#e2e8f0" />
      {ticks.map((t) => (
        <g key={t} fontSize="10" fill="#475569">
          <text x={sx(t * max.x)} y={H - PAD.bottom + 14} textAnchor="middle">
            {(t * max.x).toFixed(max.x > 2 ? 1 : 2)}
          </text>
          <text x={PAD.left - 4} y={sy(t * max.y) + 3} textAnchor="end">
            {(t * max.y).toFixed(max.y > 2 ? 1 : 2)}
          </text>
        </g>
      ))}
      <text x={(PAD.left + W - PAD.right) / 2} y={H - 6} textAnchor="middle" fontSize="11" fill="#334155">
        {xLabel}
      </text>
      <text
        x={12}
        y={(PAD.top + H - PAD.bottom) / 2}
        textAnchor="middle"
        fontSize="11"
        fill="#334155"
        transform={`rotate(-90 12 ${(PAD.top + H - PAD.bottom) / 2})`}
      >
        {yLabel}
      </text>
      <path d={path} fill="none" stroke="#4f46e5" strokeWidth="2" />
      <circle cx={bx} cy={by} r="5" fill="#dc2626" stroke="white" strokeWidth="1.5" />
      <text
        x={Math.min(bx + 8, W - PAD.right - 4)}
        y={Math.max(by - 8, PAD.top + 10)}
        fontSize="11"
        fill="#991b1b"
        textAnchor={bx > W * 0.6 ? "end" : "start"}
      >
        {best.label}
      </text>
    </svg>
  );
}

/** Per namespace: the precision–recall curve with its Fmax point, and the RU–MI curve with its Smin point. */
export function CafaCurves({ namespaces }: { namespaces: CafaNamespaceCurves[] }) {
  return (
    <div className="space-y-6">
      {namespaces.map((ns) => {
        // RU and MI are in bits: at least one bit of axis, so a perfect run (all zeros) still has a readable scale.
        const ruMax = Math.max(1, ...ns.ruMi.map((p) => p.ru));
        const miMax = Math.max(1, ...ns.ruMi.map((p) => p.mi));
        return (
          <section key={ns.namespace} aria-label={`Curves of ${ns.namespace}`}>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{ns.namespace}</h3>
            <div className="grid gap-4 md:grid-cols-2">
              <CurveSvg
                title={`Precision–recall curve of ${ns.namespace}; Fmax ${formatScore(ns.fmax.value)} at threshold ${ns.fmax.threshold}`}
                points={ns.pr.map((p) => ({ x: p.recall, y: p.precision }))}
                best={{
                  x: ns.fmax.recall,
                  y: ns.fmax.precision,
                  label: `Fmax ${formatScore(ns.fmax.value)} (τ ${ns.fmax.threshold.toFixed(2)})`,
                }}
                xLabel="Recall"
                yLabel="Precision"
                max={{ x: 1, y: 1 }}
                testId={`cafa-pr-${ns.namespace}`}
              />
              <CurveSvg
                title={`RU–MI curve of ${ns.namespace}; Smin ${formatScore(ns.smin.value)} at threshold ${ns.smin.threshold}`}
                points={ns.ruMi.map((p) => ({ x: p.ru, y: p.mi }))}
                best={{ x: ns.smin.ru, y: ns.smin.mi, label: `Smin ${formatScore(ns.smin.value)} (τ ${ns.smin.threshold.toFixed(2)})` }}
                xLabel="Remaining uncertainty (RU)"
                yLabel="Misinformation (MI)"
                max={{ x: ruMax, y: miMax }}
                testId={`cafa-rumi-${ns.namespace}`}
              />
            </div>
          </section>
        );
      })}
    </div>
  );
}
