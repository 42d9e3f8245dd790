// The results table for the paper (LaTeX booktabs and Markdown) from a real board: ranks, side-by-
// side measures, intervals, tie groups, the caption, escaping of hostile team names, access to a
// hidden board, and a pdflatex compile whose text is read back from the PDF.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createSubmission,
  createTeam,
  createUser,
  getLeaderboard,
  getPaperTable,
  updateSubtask,
  updateTeamDescription,
} from "../src/index.ts";
import {
  compileLatexTable,
  addScoredBaseline,
  createTestPlatform,
  pdflatexPath,
  PDFLATEX_MISSING,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
} from "../src/testing/index.ts";

const text = (s: string) => new TextEncoder().encode(s);
const HOSTILE = "50%_R&D {#1} \\input{x} ~^$";
const PERFECT = "d1\tCats\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
const POOR = "d1\tDogs\nd2\tPlants\nd3\tAnimals\nd4\tCats\nd5\tPlants\n";

let p: TestPlatform;
let seed: SeededTask;

async function teamSubmits(name: string, content: string): Promise<void> {
  const user = await createUser(
    { name, email: `${name.replace(/\W/g, "").toLowerCase() || "x"}@paper.test`, password: "participant-pass" },
    p.ctx,
  );
  await createTeam({ userId: user.id, slug: seed.slug, name }, p.ctx);
  const created = await createSubmission(
    { userId: user.id, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: "p.tsv", content: text(content) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id);
}

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx, { slug: "paper" });
  const subtask = await p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey } });
  await updateSubtask(
    {
      userId: seed.organiserId,
      slug: seed.slug,
      subtaskKey: seed.subtaskKey,
      key: subtask.key,
      name: subtask.name,
      taxonomyVersionId: subtask.taxonomyVersionId,
      measuresShown: subtask.measuresShown,
      primaryMeasure: subtask.primaryMeasure,
      bootstrap: 200,
    },
    p.ctx,
  );
  await teamSubmits("Owls", PERFECT);
  await teamSubmits(HOSTILE, GOOD);
  await teamSubmits("Heron_s", POOR);
  await addScoredBaseline(p.ctx, seed, text(POOR));
});
afterAll(async () => p?.cleanup());

const paper = (format: "latex" | "markdown", viewerId: string | null = null) =>
  getPaperTable({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId, format }, p.ctx);

describe("results table for the paper", () => {
  it("LaTeX: booktabs rules, rows in board order, escaped team names, caption naming measures, intervals and the test", async () => {
    const board = await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);
    const { text: latex, fileName } = await paper("latex");
    expect(fileName).toBe("paper-test-full-results.tex");
    for (const rule of ["\\toprule", "\\midrule", "\\bottomrule", "\\begin{tabular}", "\\label{tab:paper-test-full}"])
      expect(latex).toContain(rule);
    expect(latex).toContain("50\\%\\_R\\&D \\{\\#1\\} \\textbackslash{}input\\{x\\} \\textasciitilde{}\\textasciicircum{}\\$");
    expect(latex).not.toContain(HOSTILE);
    expect(latex).toContain("Heron\\_s");
    expect(latex).toContain("\\textit{Majority}");
    // Rows follow the board's ranking; each row starts with its rank.
    const bodyRows = latex.split("\n").filter((l) => /^(\d+|--) & /.test(l));
    expect(bodyRows.map((l) => l.split(" & ")[0])).toEqual(board.rows.map((r) => (r.rank === null ? "--" : String(r.rank))));
    const primary = board.rows[0]!.scores[board.primaryMeasure]!;
    expect(bodyRows[0]).toContain(
      `${primary.value!.toFixed(4)} {\\scriptsize[${primary.ciLow!.toFixed(3)}, ${primary.ciHigh!.toFixed(3)}]}`,
    );
    const caption = /\\caption\{(.*)\}$/m.exec(latex)![1]!;
    for (const m of board.measures) expect(caption + latex).toContain(m.label);
    expect(caption).toContain("ranked by HC-F1");
    expect(caption).toContain("200 resamples");
    expect(caption).toContain("95\\% BCa bootstrap intervals (200 resamples)");
    expect(caption).toContain("approximate randomisation test, 1,000 resamples, $\\alpha$ = 0.05");
    // Every ranked row carries its tie group.
    for (const [i, row] of board.rows.entries())
      if (row.tie) expect(bodyRows[i]!.split(" & ").at(-1)).toMatch(new RegExp(`^${row.tie.group}`));
  });

  it("Markdown: one table row per board row, pipes and emphasis in team names escaped", async () => {
    const board = await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);
    const { text: md, fileName } = await paper("markdown");
    expect(fileName).toBe("paper-test-full-results.md");
    const lines = md.trim().split("\n");
    expect(lines[0]).toMatch(/^Table: .*ranked by HC-F1/);
    const tableLines = lines.filter((l) => l.startsWith("|"));
    expect(tableLines).toHaveLength(2 + board.rows.length);
    const columns = tableLines[0]!.split(" | ").length;
    for (const l of tableLines) expect(l.split(" | ")).toHaveLength(columns);
    expect(md).toContain("Heron\\_s");
    expect(md).toContain("*Majority*");
    // Every ranked run shows its rank under each non-primary measure; baselines show none.
    for (const [i, row] of board.rows.entries()) {
      const cells = tableLines[2 + i]!.split(" | ").slice(3, 2 + board.measures.length);
      for (const c of cells) expect(c).toMatch(row.rank === null ? /^[\d.]+( \[[\d., ]+\])?$/ : /^[\d.]+( \[[\d., ]+\])? \(\d\)$/);
    }
  });

  it("refuses a private board before its phase ends, to anyone but its organisers", async () => {
    const hidden = await seedTask(p.ctx, { slug: "paper-hidden", visibility: "PRIVATE" });
    const attempt = getPaperTable(
      { slug: hidden.slug, phaseKey: hidden.phaseKey, subtaskKey: hidden.subtaskKey, viewerId: hidden.outsiderId, format: "latex" },
      p.ctx,
    );
    await expect(attempt).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const organiser = await getPaperTable(
      { slug: hidden.slug, phaseKey: hidden.phaseKey, subtaskKey: hidden.subtaskKey, viewerId: hidden.organiserId, format: "latex" },
      p.ctx,
    );
    expect(organiser.text).toContain("\\toprule");
  });

  it("with systems: a System column citing each team's paper, and the papers as BibTeX entries and a numbered list", async () => {
    const owls = await p.ctx.db.user.findUniqueOrThrow({ where: { email: "owls@paper.test" } });
    const hostile = await p.ctx.db.user.findFirstOrThrow({ where: { name: HOSTILE } });
    await updateTeamDescription(
      { userId: owls.id, slug: seed.slug, systemName: "Owl_Net", paperUrl: "https://aclanthology.org/owls?x={1}" },
      p.ctx,
    );
    await updateTeamDescription({ userId: hostile.id, slug: seed.slug, systemName: "\\input{evil} 100%" }, p.ctx);
    const systems = (format: "latex" | "markdown") =>
      getPaperTable(
        { slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null, format, systems: true },
        p.ctx,
      );

    const latex = (await systems("latex")).text;
    expect(latex).toContain("Rank & Team & System & ");
    expect(latex).toMatch(/^1 & Owls & Owl\\_Net~\\cite\{paper-owls\} & /m);
    expect(latex).toContain("& \\textbackslash{}input\\{evil\\} 100\\% & ");
    expect(latex).not.toContain("\\input{evil}");
    expect(latex).toContain("% @misc{paper-owls,");
    expect(latex).toContain("%   howpublished = {\\url{https://aclanthology.org/owls?x=%7B1%7D}},");
    // Without the option, the table is as before.
    expect((await paper("latex")).text).not.toContain("System");

    const md = (await systems("markdown")).text;
    expect(md).toContain("| Rank | Team | System | ");
    expect(md).toMatch(/^\| 1 \| Owls \| Owl\\_Net \[1\] \| /m);
    expect(md).toContain("- [1] Owls, Owl\\_Net: <https://aclanthology.org/owls?x=%7B1%7D> (BibTeX key `paper-owls`)");
  });

  it.runIf(pdflatexPath() !== null || process.env.CI)(
    "compiles with pdflatex, and the PDF reads the hostile team name as written",
    async () => {
      const { text: latex } = await getPaperTable(
        { slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null, format: "latex", systems: true },
        p.ctx,
      );
      const { pdf } = await compileLatexTable(latex);
      expect(existsSync(pdf)).toBe(true);
      const { stdout } = await promisify(execFile)("pdftotext", ["-layout", pdf, "-"]);
      expect(stdout).toContain("50%_R&D {#1} \\input{x} ~^$");
    },
  );
  if (pdflatexPath() === null && !process.env.CI) it.skip(`compile test skipped: ${PDFLATEX_MISSING}`, () => {});
});
