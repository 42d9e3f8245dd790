import Link from "next/link";
import { glossaryEntry } from "@hierboard/metrics";

/**
 * A measure's name with its one-line definition on hover and on keyboard focus, and a link to its
 * glossary entry. `scope` keeps the tooltip's id unique when one measure appears twice on a page.
 * Unknown keys render the children alone.
 */
export function MeasureHint({
  measure,
  scope,
  align = "left",
  children,
}: {
  measure: string;
  scope: string;
  align?: "left" | "right";
  children: React.ReactNode;
}) {
  const entry = glossaryEntry(measure);
  if (!entry) return <>{children}</>;
  const id = `hint-${scope}-${measure.replaceAll(".", "-")}`;
  return (
    <span className="group/hint relative inline-flex items-center gap-1">
      {children}
      <Link
        href={`/measures#${measure}`}
        aria-describedby={id}
        aria-label={`What is ${entry.label}?`}
        className="inline-flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-300 text-[10px] font-semibold normal-case leading-none text-slate-500 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        data-measure-hint={measure}
      >
        ?
      </Link>
      <span
        role="tooltip"
        id={id}
        className={`absolute top-full z-30 mt-1 hidden w-64 whitespace-normal rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal normal-case leading-5 tracking-normal text-white shadow-lg group-hover/hint:block group-focus-within/hint:block ${align === "right" ? "right-0" : "left-0"}`}
      >
        <span className="font-semibold">{entry.label}.</span> {entry.short}{" "}
        <span className="text-slate-300">({entry.direction} is better)</span>
      </span>
    </span>
  );
}
