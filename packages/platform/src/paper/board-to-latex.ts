import { EXCLUDES_ESTIMATE_MARK } from "../leaderboard/interval-notes.ts";
import { escapeLatex } from "./escape-latex.ts";
import type { PaperLink } from "./paper-systems.ts";
import type { PaperCell, PaperRow, PaperTable } from "./paper-table.ts";

function cell(c: PaperCell, withRank: boolean): string {
  if (c.value === null) return "--";
  const interval = c.interval ? ` {\\scriptsize[${c.interval[0]}, ${c.interval[1]}]${c.excluded ? "\\textsuperscript{\\ddag}" : ""}}` : "";
  const rank = withRank && c.rank !== null ? ` (${c.rank})` : "";
  return `${c.value}${interval}${rank}`;
}

function systemCell(row: PaperRow, papers: readonly PaperLink[]): string {
  const paper = row.paper ? papers[row.paper - 1] : undefined;
  return `${escapeLatex(row.system ?? "")}${paper ? `~\\cite{${paper.key}}` : ""}`;
}

// BibTeX balances braces whether escaped or not: a name's own braces are left out of an entry.
const bibText = (text: string) => escapeLatex(text.replace(/[{}]/g, ""));

/** The cited papers as BibTeX entries, commented out: copy them into the paper's .bib file. */
function bibliography(papers: readonly PaperLink[]): string[] {
  if (papers.length === 0) return [];
  return [
    "% Papers cited in the System column; copy these entries into your .bib file (\\url needs the url or hyperref package):",
    ...papers.flatMap((p) => [
      `% @misc{${p.key},`,
      `%   author = {{${bibText(p.team)}}},`,
      `%   title = {${bibText(p.system || p.team)}: system description},`,
      `%   howpublished = {\\url{${p.url}}},`,
      "% }",
    ]),
  ];
}

/**
 * The paper table as a LaTeX `table` with `booktabs` rules, ready to `\input`: rank, team, the
 * primary measure with its interval, the other measures with the run's rank under each, and the
 * tie group (marked with a dagger when the group holds more than one run). Needs
 * `\usepackage{booktabs}` (and `[T1]{fontenc}` for accented team names) in the preamble. With the
 * systems option, a System column after the team (`\cite`-ing each team's paper) and the papers as
 * BibTeX entries in a comment after the table.
 */
export function boardToLatex(table: PaperTable): string {
  const papers = table.papers;
  const spec = `@{}rl${papers ? "l" : ""}${"r".repeat(table.columns.length + Number(table.averageRank))}c@{}`;
  const header = [
    "Rank",
    "Team",
    ...(papers ? ["System"] : []),
    ...table.columns.map((c) => `${escapeLatex(c.label)}${c.higherIsBetter ? "" : " ($\\downarrow$)"}`),
    ...(table.averageRank ? ["Avg.\\ rank"] : []),
    "Tie group",
  ];
  const lines = [
    "% Results table exported by HierBoard. Needs \\usepackage{booktabs} (and \\usepackage[T1]{fontenc}).",
    "\\begin{table}[t]",
    "\\centering",
    "\\small",
    "\\setlength{\\tabcolsep}{4pt}",
    `\\caption{${escapeLatex(table.caption).replace(EXCLUDES_ESTIMATE_MARK, "\\textsuperscript{\\ddag}")} \\textsuperscript{\\dag}\\,statistically tied with another run.}`,
    `\\label{tab:${table.id}}`,
    `\\begin{tabular}{${spec}}`,
    "\\toprule",
    `${header.join(" & ")} \\\\`,
    "\\midrule",
  ];
  let baselines = false;
  for (const row of table.rows) {
    if (row.baseline && !baselines && table.rows.some((r) => !r.baseline)) lines.push("\\midrule");
    baselines ||= row.baseline;
    const team = row.baseline ? `\\textit{${escapeLatex(row.team)}}` : escapeLatex(row.team);
    const group = row.tieGroup === null ? "" : `${row.tieGroup}${row.tied ? "\\textsuperscript{\\dag}" : ""}`;
    const cells = row.cells.map((c, i) => cell(c, i > 0 && !row.baseline));
    if (table.averageRank) cells.push(row.averageRank ?? "--");
    const system = papers ? `${systemCell(row, papers)} & ` : "";
    lines.push(`${row.rank ?? "--"} & ${team} & ${system}${cells.join(" & ")} & ${group} \\\\`);
  }
  lines.push("\\bottomrule", "\\end{tabular}", "\\end{table}", ...bibliography(papers ?? []));
  return lines.join("\n") + "\n";
}
