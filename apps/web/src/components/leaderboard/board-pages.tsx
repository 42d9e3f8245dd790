import Link from "next/link";

/** Rows per board page: a big board shows its top 100 first (the rest one link away). */
export const BOARD_PAGE_SIZE = 100;

export type BoardPage = number | "all";

export interface BoardPageNav {
  current: BoardPage;
  /** The link to another page of the same board, sorted the same way. */
  href: (page: BoardPage) => string;
}

/** Reads `?page=<n>|all` (from 1); anything else is the first page. */
export function parseBoardPage(value: string | undefined): BoardPage {
  if (value === "all") return "all";
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Which rows a page shows; a page past the end shows the last one. No page: every row. */
export function pageSlice(total: number, page: BoardPage | undefined): { from: number; to: number } {
  if (page === undefined || page === "all") return { from: 0, to: total };
  const last = Math.max(1, Math.ceil(total / BOARD_PAGE_SIZE));
  const from = (Math.min(page, last) - 1) * BOARD_PAGE_SIZE;
  return { from, to: Math.min(total, from + BOARD_PAGE_SIZE) };
}

/** Where the visitor is in a paged board and the links to the rest; nothing when one page holds it all. */
export function BoardPages({ nav, total, from, to }: { nav: BoardPageNav; total: number; from: number; to: number }) {
  if (total <= BOARD_PAGE_SIZE) return null;
  const page = Math.floor(from / BOARD_PAGE_SIZE) + 1;
  const link = "font-medium text-brand-700 hover:underline";
  return (
    <nav aria-label="Board pages" className="mx-5 mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <span>
        Rows {from + 1}–{to} of {total}
        {nav.current !== "all" && " (ranks are over the whole board)"}.
      </span>
      {nav.current !== "all" && page > 1 && (
        <Link href={nav.href(page - 1)} className={link}>
          Previous {BOARD_PAGE_SIZE}
        </Link>
      )}
      {nav.current !== "all" && to < total && (
        <Link href={nav.href(page + 1)} className={link}>
          Rows {to + 1}–{Math.min(total, to + BOARD_PAGE_SIZE)}
        </Link>
      )}
      {nav.current === "all" ? (
        <Link href={nav.href(1)} className={link}>
          Top {BOARD_PAGE_SIZE} only
        </Link>
      ) : (
        <Link href={nav.href("all")} className={link}>
          All {total} rows
        </Link>
      )}
    </nav>
  );
}
