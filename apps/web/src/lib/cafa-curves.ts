/** One namespace's sweep from a stored evaluation's `cafa` family, ready to draw. */
export interface CafaNamespaceCurves {
  namespace: string;
  /** Precision against recall at every threshold with coverage, in threshold order. */
  pr: { recall: number; precision: number }[];
  /** Misinformation against remaining uncertainty at the same thresholds. */
  ruMi: { ru: number; mi: number }[];
  fmax: { recall: number; precision: number; value: number; threshold: number };
  smin: { ru: number; mi: number; value: number; threshold: number };
}

type Namespace = {
  status?: string;
  fmax?: number;
  fmaxThreshold?: number;
  smin?: number;
  sminThreshold?: number;
  curve?: Record<string, (number | null)[]>;
};

/**
 * The PR and RU–MI curves of every evaluated namespace, with the Fmax and Smin points where the
 * engine found them (the first threshold reaching the best value). Namespaces CAFA-evaluator does
 * not report (no gold, no predictions, no coverage) are left out.
 *
 * @example
 * readCafaCurves({ cafa: { namespaces: { BPO: { status: "ok", fmax: 0.5, fmaxThreshold: 0.3, … } } } })[0].namespace; // "BPO"
 */
export function readCafaCurves(breakdown: unknown): CafaNamespaceCurves[] {
  const namespaces = (breakdown as { cafa?: { namespaces?: Record<string, Namespace> } } | null)?.cafa?.namespaces ?? {};
  return Object.entries(namespaces).flatMap(([namespace, ns]) => {
    const c = ns.curve;
    if (ns.status !== "ok" || !c?.tau || !c.pr || !c.rc || !c.ru || !c.mi) return [];
    const num = (v: number | null | undefined) => (typeof v === "number" ? v : 0);
    const tau = c.tau.map(num);
    const f = Math.max(0, tau.indexOf(num(ns.fmaxThreshold)));
    const s = Math.max(0, tau.indexOf(num(ns.sminThreshold)));
    return [
      {
        namespace,
        pr: tau.map((_, i) => ({ recall: num(c.rc![i]), precision: num(c.pr![i]) })),
        ruMi: tau.map((_, i) => ({ ru: num(c.ru![i]), mi: num(c.mi![i]) })),
        fmax: { recall: num(c.rc[f]), precision: num(c.pr[f]), value: num(ns.fmax), threshold: tau[f]! },
        smin: { ru: num(c.ru[s]), mi: num(c.mi[s]), value: num(ns.smin), threshold: tau[s]! },
      },
    ];
  });
}
