// `pnpm --silent hierboard import-germeval` on the real GermEval 2019 folder (../shared, never
// copied), against a fresh test database and a uniquely prefixed queue on the local Redis; the
// command starts a worker for --wait because none is connected to that queue.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { createPlatformContext, getLeaderboard, getPaperTable, type PlatformContext } from "@hierboard/platform";
import { compileLatexTable, pdflatexPath, PDFLATEX_MISSING, TEST_REDIS_URL as REDIS_URL } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readGermevalFolder, sectionsOf } from "../src/import-germeval.ts";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SHARED_DIR = process.env.HIERBOARD_SHARED ?? path.join(REPO_ROOT, "../shared");
const GERMEVAL_DIR = path.join(SHARED_DIR, "data/germeval2019");
const present = existsSync(path.join(GERMEVAL_DIR, "hierarchy.txt"));

const describeGermeval = present ? describe : describe.skip;
if (!present) console.log(`skipped: ${GERMEVAL_DIR} is absent; the import-germeval test needs ../shared beside the repository`);

describeGermeval("hierboard import-germeval on GermEval 2019", () => {
  let database: TestDatabase;
  let dataDir: string;
  let ctx: PlatformContext;
  const prefix = `hbcli-${randomBytes(4).toString("hex")}`;

  const importOnce = async () => {
    const env = { ...process.env, DATABASE_URL: database.url, REDIS_URL, HIERBOARD_QUEUE_PREFIX: prefix, HIERBOARD_DATA_DIR: dataDir };
    const { stdout } = await run("pnpm", ["--silent", "hierboard", "import-germeval", GERMEVAL_DIR, "--wait", "--timeout", "240"], {
      cwd: REPO_ROOT,
      env,
      maxBuffer: 16 << 20,
    });
    return stdout;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), "hierboard-cli-"));
    ctx = createPlatformContext({ databaseUrl: database.url, redisUrl: REDIS_URL, queuePrefix: prefix });
  });

  afterAll(async () => {
    await ctx?.close?.();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("imports the task, one team per file prefix, and the worker scores every run", async () => {
    const out = await importOnce();
    expect(out).toContain("task germeval-2019: 12 teams, 40 submission(s) queued, 0 already there");
    expect(out).toContain("scored: 40, failed: 0");

    const [a, b] = await Promise.all(
      ["a", "b"].map((subtaskKey) => getLeaderboard({ slug: "germeval-2019", phaseKey: "test", subtaskKey, viewerId: null }, ctx)),
    );
    // One row per team that sent a file with that section (some took part in one subtask only).
    const folder = await readGermevalFolder(GERMEVAL_DIR);
    const teamsWith = (section: "a" | "b") =>
      [...new Set(folder.submissions.filter((f) => sectionsOf(f.content).has(section)).map((f) => f.team))].sort();
    expect(a!.rows.map((r) => r.teamName).sort()).toEqual(teamsWith("a"));
    expect(b!.rows.map((r) => r.teamName).sort()).toEqual(teamsWith("b"));
    expect(a!.rows.every((r) => r.rank !== null)).toBe(true);
    expect(a!.primaryMeasure).toBe("flat.micro.f1");
    // The official scorer's subtask B counts for Averbis: tp 8014, fp 3823, fn 5038.
    const averbis = b!.rows.find((r) => r.teamName === "Averbis");
    expect(averbis?.scores["flat.micro.f1"]?.value).toBeCloseTo((2 * 8014) / (2 * 8014 + 3823 + 5038), 12);
    // The historical phase is closed after the import, so the board is final.
    expect(a!.phase.endsAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  // pdflatex comes from Debian's texlive-latex-recommended (.ci/run installs it); outside CI the
  // test skips with the reason when it is missing. HIERBOARD_KEEP_LATEX=1 keeps the PDF to look at.
  it.runIf(pdflatexPath() !== null || process.env.CI)(
    "the final board's LaTeX results table compiles with pdflatex, one row per team",
    async () => {
      for (const subtaskKey of ["a", "b"]) {
        const board = await getLeaderboard({ slug: "germeval-2019", phaseKey: "test", subtaskKey, viewerId: null }, ctx);
        const { text, fileName } = await getPaperTable(
          { slug: "germeval-2019", phaseKey: "test", subtaskKey, viewerId: null, format: "latex" },
          ctx,
        );
        expect(fileName).toBe(`germeval-2019-test-${subtaskKey}-results.tex`);
        expect(text.split("\n").filter((l) => /^\d+ & /.test(l))).toHaveLength(board.rows.length);
        const { pdf, log, dir } = await compileLatexTable(text, { landscape: true });
        expect(log).toContain("Output written on table.pdf");
        if (process.env.HIERBOARD_KEEP_LATEX) console.log(`kept ${pdf}`);
        else await rm(dir, { recursive: true, force: true });
      }
    },
  );
  if (pdflatexPath() === null && !process.env.CI) it.skip(`LaTeX compile skipped: ${PDFLATEX_MISSING}`, () => {});

  it("adds nothing on a second run", async () => {
    const out = await importOnce();
    expect(out).toContain("12 teams, 0 submission(s) queued, 40 already there");
    expect(await ctx.db.submission.count()).toBe(40);
  });
});
