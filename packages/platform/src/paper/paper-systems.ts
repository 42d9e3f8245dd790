import type { Db } from "@hierboard/db";
import type { LeaderboardRow } from "../leaderboard/board-types.ts";
import { runSystem, SYSTEM_FIELDS } from "../system-descriptions/run-system.ts";
import { paperUrlProblem, type SystemDescription } from "../system-descriptions/system-description-fields.ts";
import type { PaperTable } from "./paper-table.ts";

/** One paper the table cites: its BibTeX key, whose it is, and the link. */
export interface PaperLink {
  key: string;
  team: string;
  system: string;
  url: string;
}

/** Each row's system (the run's own fields, falling back to its team's), read in one query. */
export async function loadRowSystems(
  db: Db,
  rows: readonly Pick<LeaderboardRow, "submissionId">[],
): Promise<Map<string, SystemDescription>> {
  const runs = await db.submission.findMany({
    where: { id: { in: rows.map((r) => r.submissionId) } },
    select: { id: true, ...SYSTEM_FIELDS, team: { select: SYSTEM_FIELDS } },
  });
  return new Map(runs.map((r) => [r.id, runSystem(r, r.team)]));
}

/** `team` as a BibTeX key fragment: lower-case letters and digits joined by hyphens. */
function keyPart(text: string): string {
  return (
    text
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "team"
  );
}

/**
 * The table with a system name per row and the papers it cites: one entry per distinct link (a
 * team's runs usually share one), keyed `<slug>-<team>` (numbered when two teams reduce to one
 * key). Links are re-checked and written in their parsed form (braces and angle brackets
 * percent-encoded), so they are safe inside `\url{…}` and Markdown's `<…>`.
 */
export function withSystems(table: PaperTable, slug: string, systems: ReadonlyMap<string, SystemDescription>): PaperTable {
  const papers: PaperLink[] = [];
  const byUrl = new Map<string, number>();
  const keys = new Set<string>();
  const rows = table.rows.map((row) => {
    const system = systems.get(row.submissionId);
    if (!system) return { ...row, system: "", paper: null };
    let paper: number | null = null;
    if (system.paperUrl && paperUrlProblem(system.paperUrl) === null) {
      const url = new URL(system.paperUrl).href.replaceAll("{", "%7B").replaceAll("}", "%7D");
      paper = byUrl.get(url) ?? null;
      if (paper === null) {
        const base = `${keyPart(slug)}-${keyPart(row.team)}`;
        let key = base;
        for (let n = 2; keys.has(key); n++) key = `${base}-${n}`;
        keys.add(key);
        papers.push({ key, team: row.team, system: system.systemName, url });
        paper = papers.length;
        byUrl.set(url, paper);
      }
    }
    return { ...row, system: system.systemName, paper };
  });
  return { ...table, rows, papers };
}
