import Link from "next/link";
import { cn } from "@/lib/cn";

/**
 * The part of a split test set the board ranks on. Once the private part is out, two links switch
 * between the final (private) ranking and the public one; before, the public part is the only one.
 */
export function SplitSwitch({
  part,
  publicFraction,
  privateShown,
  href,
}: {
  part: "public" | "private";
  publicFraction: number;
  privateShown: boolean;
  /** The board's address on a part (`split=` set only for the public part, the other is the default). */
  href: (part: "public" | "private") => string;
}) {
  const percent = (f: number) => `${Math.round(f * 1000) / 10} %`;
  const option = (value: "public" | "private", label: string) => (
    <Link
      href={href(value)}
      scroll={false}
      aria-current={part === value ? "true" : undefined}
      className={cn(
        "rounded-md px-2.5 py-1 text-xs font-medium",
        part === value ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-200" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="split-switch">
      <span>Test set part</span>
      {privateShown ? (
        <nav aria-label="Test set part" className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          {option("private", `Private · ${percent(1 - publicFraction)} (final)`)}
          {option("public", `Public · ${percent(publicFraction)}`)}
        </nav>
      ) : (
        <span className="rounded-md bg-slate-100 px-2.5 py-1 font-medium text-slate-800">
          Public · {percent(publicFraction)}; the private part is shown when the phase ends
        </span>
      )}
    </div>
  );
}
