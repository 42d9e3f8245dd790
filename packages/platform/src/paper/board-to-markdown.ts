import { EXCLUDES_ESTIMATE_MARK } from "../leaderboard/interval-notes.ts";
import type { PaperCell, PaperTable } from "./paper-table.ts";

/** Text for a GitHub-flavoured Markdown table cell: inline markup and the column bar escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`).replace(/[\r\n\t]+/g, " ");
}

function cell(c: PaperCell, withRank: boolean): string {
  if (c.value === null) return "–";
  const interval = c.interval ? ` [${c.interval[0]}, ${c.interval[1]}]${c.excluded ? EXCLUDES_ESTIMATE_MARK : ""}` : "";
  const rank = withRank && c.rank !== null ? ` (${c.rank})` : "";
  return `${c.value}${interval}${rank}`;
}

/**
 * The paper table as GitHub-flavoured Markdown: a `Table:` caption line, then rank, team, the
 * primary measure with its interval, the other measures with the run's rank under each, and the
 * tie group (marked † when it holds more than one run). Baselines are in italics, unranked. With
 * the systems option, a System column citing each row's paper by number, and the numbered papers after the table.
 */
export function boardToMarkdown(table: PaperTable): string {
  const papers = table.papers;
  const averageRank = table.averageRank ? ["Avg. rank"] : [];
  const header = [
    "Rank",
    "Team",
    ...(papers ? ["System"] : []),
    ...table.columns.map((c) => `${escapeMarkdown(c.label)}${c.higherIsBetter ? "" : " ↓"}`),
    ...averageRank,
    "Tie group",
  ];
  const align = [
    "---:",
    ":---",
    ...(papers ? [":---"] : []),
    ...table.columns.map(() => "---:"),
    ...averageRank.map(() => "---:"),
    ":---:",
  ];
  const lines = [
    `Table: ${escapeMarkdown(table.caption)} † statistically tied with another run.`,
    "",
    `| ${header.join(" | ")} |`,
    `| ${align.join(" | ")} |`,
  ];
  for (const row of table.rows) {
    const team = row.baseline ? `*${escapeMarkdown(row.team)}*` : escapeMarkdown(row.team);
    const group = row.tieGroup === null ? "" : `${row.tieGroup}${row.tied ? " †" : ""}`;
    const cells = row.cells.map((c, i) => cell(c, i > 0 && !row.baseline));
    if (table.averageRank) cells.push(row.averageRank ?? "–");
    const system = papers ? `${escapeMarkdown(row.system ?? "")}${row.paper ? ` [${row.paper}]` : ""} | ` : "";
    lines.push(`| ${row.rank ?? "–"} | ${team} | ${system}${cells.join(" | ")} | ${group} |`);
  }
  if (papers && papers.length > 0) {
    lines.push("", "Papers:", "");
    for (const [i, p] of papers.entries())
      lines.push(
        `- [${i + 1}] ${escapeMarkdown(p.team)}${p.system ? `, ${escapeMarkdown(p.system)}` : ""}: <${p.url}> (BibTeX key \`${p.key}\`)`,
      );
  }
  return lines.join("\n") + "\n";
}
