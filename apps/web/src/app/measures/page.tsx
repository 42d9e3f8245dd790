import type { Metadata } from "next";
import { WORKED_EXAMPLE, describeRange, glossaryMeasures, workedExampleValues, type GlossaryMeasure } from "@hierboard/metrics";
import { TexFormula } from "@/components/measures/tex-formula";
import { Card, PageHeader } from "@/components/ui/card";
import { formatScore } from "@/lib/format-score";
import { FAMILY_NAMES } from "@/lib/measure-families";
import "katex/dist/katex.min.css";

export const metadata: Metadata = { title: "Measures" };

/** The glossary: every measure of the engine's registry, from the engine's own texts. */
export default function MeasuresPage() {
  const values = workedExampleValues();
  const families = new Map<string, GlossaryMeasure[]>();
  for (const measure of glossaryMeasures()) families.set(measure.family, [...(families.get(measure.family) ?? []), measure]);
  return (
    <>
      <PageHeader
        title="Measures"
        description="Every measure HierBoard computes: what it counts, its formula, its range, a worked example and the paper it comes from. The same texts are printed by hierboard measures."
      />
      <div className="space-y-6">
        <Card title="The worked example" description="Every example value below is this one case, scored by the engine.">
          <div className="grid gap-4 text-sm text-slate-700 md:grid-cols-3">
            <ExampleFile title="Taxonomy (parent, child)" text={WORKED_EXAMPLE.taxonomy} />
            <ExampleFile title="Gold" text={WORKED_EXAMPLE.gold} />
            <ExampleFile title="Prediction (soft scores)" text={WORKED_EXAMPLE.pred} />
          </div>
          <p className="mt-3 text-sm text-slate-600">
            Hard measures read the scores at the threshold 0.5: d1 predicts Cat where gold says Dog (a sibling), d2 predicts Bird (right)
            and Tree (wrong).
          </p>
        </Card>
        <nav aria-label="Families" className="flex flex-wrap gap-2 text-sm">
          {[...families.keys()].map((family) => (
            <a
              key={family}
              href={`#family-${family}`}
              className="rounded-full border border-slate-200 bg-white px-3 py-1 text-slate-700 hover:border-brand-600"
            >
              {FAMILY_NAMES[family] ?? family}
            </a>
          ))}
        </nav>
        {[...families].map(([family, measures]) => (
          <Card key={family} id={`family-${family}`} title={FAMILY_NAMES[family] ?? family}>
            <div className="divide-y divide-slate-100">
              {measures.map((m) => (
                <article key={m.key} id={m.key} className="scroll-mt-6 py-4 first:pt-0 last:pb-0" data-testid={`glossary-${m.key}`}>
                  <h3 className="flex flex-wrap items-baseline gap-x-2 text-base font-semibold text-slate-900">
                    {m.label} <span className="font-mono text-xs font-normal text-slate-500">{m.key}</span>
                  </h3>
                  <p className="mt-1 text-sm leading-6 text-slate-700">{m.definition}</p>
                  <TexFormula tex={m.formula} className="my-2 overflow-x-auto text-slate-900" />
                  {/* Sources can hold long unbroken names (sklearn.metrics.average_precision_score): let them wrap anywhere on a phone. */}
                  <dl className="grid gap-x-6 gap-y-1 text-sm [overflow-wrap:anywhere] sm:grid-cols-[auto_1fr]">
                    <dt className="text-slate-500">Range</dt>
                    <dd className="text-slate-800">{describeRange(m)}</dd>
                    <dt className="text-slate-500">Worked example</dt>
                    <dd className="tabular text-slate-800">
                      {m.key in values ? formatScore(values[m.key]) : "undefined (the example taxonomy is too shallow)"}
                    </dd>
                    <dt className="text-slate-500">Source</dt>
                    <dd className="italic text-slate-800">{m.source}</dd>
                  </dl>
                </article>
              ))}
            </div>
          </Card>
        ))}
      </div>
    </>
  );
}

function ExampleFile({ title, text }: { title: string; text: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</figcaption>
      <pre className="overflow-x-auto rounded-md bg-slate-50 p-2 font-mono text-xs leading-5">{text.replaceAll("\t", " → ")}</pre>
    </figure>
  );
}
