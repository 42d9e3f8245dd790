import { describe, expect, it } from "vitest";
import { EXCLUDES_ESTIMATE_NOTE } from "../leaderboard/interval-notes.ts";
import { boardToLatex } from "./board-to-latex.ts";
import { boardToMarkdown } from "./board-to-markdown.ts";
import type { PaperTable } from "./paper-table.ts";

const table: PaperTable = {
  id: "zoo-test-full",
  caption: `Results. Brackets: 95% BCa bootstrap intervals. ${EXCLUDES_ESTIMATE_NOTE}`,
  columns: [{ key: "flat.macro.f1", label: "Macro-F1", higherIsBetter: true, primary: true }],
  averageRank: false,
  rows: [
    {
      rank: 1,
      team: "Kestrel",
      submissionId: "s1",
      baseline: false,
      tieGroup: null,
      tied: false,
      averageRank: null,
      cells: [{ value: "0.8636", interval: ["0.821", "0.859"], excluded: true, rank: 1 }],
    },
    {
      rank: 2,
      team: "Heron",
      submissionId: "s2",
      baseline: false,
      tieGroup: null,
      tied: false,
      averageRank: null,
      cells: [{ value: "0.8000", interval: ["0.780", "0.820"], excluded: false, rank: 2 }],
    },
  ],
};

describe("an interval that does not contain its value", () => {
  it("is marked ‡ in Markdown, beside its interval only, and the caption explains the mark", () => {
    const md = boardToMarkdown(table);
    expect(md).toContain("0.8636 [0.821, 0.859]‡");
    expect(md).toContain("0.8000 [0.780, 0.820] ");
    expect(md).toContain("‡ The interval does not contain the score");
  });

  it("is marked \\ddag in LaTeX, in the cell and the caption", () => {
    const latex = boardToLatex(table);
    expect(latex).toContain("{\\scriptsize[0.821, 0.859]\\textsuperscript{\\ddag}}");
    expect(latex).toContain("{\\scriptsize[0.780, 0.820]}");
    expect(latex).toMatch(/\\caption\{.*BCa bootstrap intervals\. \\textsuperscript\{\\ddag\} The interval does not contain the score/);
  });
});
