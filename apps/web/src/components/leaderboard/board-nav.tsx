import Link from "next/link";
import { cn } from "@/lib/cn";

/** Tabs between the board, the side-by-side view and the data tab, and the export links, for one phase and subtask. */
export function BoardNav({
  slug,
  phaseKey,
  subtaskKey,
  current,
}: {
  slug: string;
  phaseKey: string;
  subtaskKey: string;
  current: "board" | "rankings" | "data";
}) {
  const query = `phase=${encodeURIComponent(phaseKey)}&subtask=${encodeURIComponent(subtaskKey)}`;
  const tab = (href: string, label: string, active: boolean) => (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "-mb-px border-b-2 px-1 pb-2 text-sm font-medium",
        active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b border-slate-200">
      <nav aria-label="Board views" className="flex flex-wrap gap-x-5">
        {tab(`/tasks/${slug}?${query}`, "Leaderboard", current === "board")}
        {tab(`/tasks/${slug}/rankings?${query}`, "Rankings side by side", current === "rankings")}
        {tab(`/tasks/${slug}/data?${query}`, "Data & format", current === "data")}
      </nav>
      <p className="flex gap-3 pb-2 text-xs text-slate-600">
        <span>Export</span>
        <a className="font-medium text-brand-700 hover:underline" href={`/api/tasks/${slug}/leaderboard?${query}&format=csv`} download>
          CSV
        </a>
        <a className="font-medium text-brand-700 hover:underline" href={`/api/tasks/${slug}/leaderboard?${query}&format=json`} download>
          JSON
        </a>
      </p>
    </div>
  );
}
