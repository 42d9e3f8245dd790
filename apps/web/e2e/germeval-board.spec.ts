// The whole loop on real data: an organiser hosts a GermEval-style task, two teams submit real
// files (one also a malformed one), the real worker scores them, and the public board, the
// rankings side by side, the report and the compare view show numbers equal to the CLI's.
import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toUtcInputValue } from "../src/lib/utc";
import { formatScore } from "../src/lib/format-score";
import { signIn, signOut, signUp } from "./accounts";
import { grantRole } from "./grant-role";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const sharedDir = join(process.env.HIERBOARD_SHARED ?? join(root, "..", "shared"), "data", "germeval2019");
const germeval = existsSync(join(sharedDir, "hierarchy.txt"));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

// GermEval 2019 Task 1 when ../shared is present (subtask a = top level, section a; b = full
// hierarchy, section b), else the project's own tiny fixture with the same two subtasks.
const data = germeval
  ? {
      taxonomy: join(sharedDir, "hierarchy.txt"),
      gold: join(sharedDir, "blurbs_test_label.txt"),
      strong: join(sharedDir, "submissions", "EricssonResearch__fconv_A6C1Y.txt"),
      weak: join(sharedDir, "submissions", "LT-UHH__baseline.txt"),
      section: "b" as const,
    }
  : {
      taxonomy: fixture("taxonomy.tsv"),
      gold: fixture("gold-sections.txt"),
      strong: fixture("predictions-sections-strong.txt"),
      weak: fixture("predictions-sections-weak.txt"),
      section: "b" as const,
    };

const run = Date.now().toString(36);
const slug = `germeval-${run}`;
const organiser = { name: "Greta Organiser", email: `greta-${run}@example.test`, password: "organiser-pass-1" };
const teams = [
  { name: "Fjord Forest", who: { name: "Finn Fjord", email: `finn-${run}@example.test`, password: "fjord-pass-1234" }, file: data.strong },
  { name: "Granite Peak", who: { name: "Gina Granite", email: `gina-${run}@example.test`, password: "granite-pass-123" }, file: data.weak },
] as const;

/** What `pnpm --silent hierboard eval … --json` prints for a file: the reference numbers. */
function cliEval(pred: string): Record<string, unknown> {
  const args = ["--silent", "hierboard", "eval", "--taxonomy", data.taxonomy, "--gold", data.gold, "--pred", pred, "--json"];
  if (data.section) args.push("--subtask", data.section);
  return JSON.parse(execFileSync("pnpm", args, { cwd: root, encoding: "utf8" })) as Record<string, unknown>;
}

/** `hc.f1` → result.hc.f1, `flat.micro.f1` → result.flat.micro.f1. */
function valueAt(result: Record<string, unknown>, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), result);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("GermEval-style task: two teams scored by the worker, board equal to the CLI, rankings, report and paired comparison", async ({
  page,
  request,
}) => {
  // A budget, not a measurement: on a 2-core machine under a load of 30 the whole walk took just over 5 minutes.
  test.setTimeout(600_000);
  const expected = teams.map((t) => cliEval(t.file));

  // --- Organiser: task, taxonomy, subtasks a (top level) and b, a test phase, gold ---------
  // Sign-up makes a participant; an admin grants the right to host (which ends the session).
  await signUp(page, organiser);
  grantRole(organiser.email, "ORGANISER");
  await signIn(page, organiser);
  await page.goto("/organise");
  const createTask = page.getByTestId("create-task");
  await createTask.getByLabel("Slug").fill(slug);
  await createTask.getByLabel("Title").fill("GermEval 2019 Task 1 (e2e)");
  await createTask.getByLabel("Description").fill("Hierarchical classification of German **book blurbs**.");
  await createTask.getByRole("button", { name: "Create task" }).click();
  await page.waitForURL(`**/organise/${slug}`);

  const taxonomyForm = page.getByTestId("taxonomy-form");
  await taxonomyForm.getByLabel("Taxonomy file").setInputFiles(data.taxonomy);
  await taxonomyForm.getByRole("button", { name: "Upload taxonomy" }).click();
  await expect(taxonomyForm.getByTestId("action-success")).toContainText("Taxonomy v1 stored");

  for (const subtask of [
    { key: "a", name: "Subtask A: top level", depth: "1" },
    { key: "b", name: "Subtask B: full hierarchy", depth: "" },
  ]) {
    const form = page.getByTestId("subtask-form-new");
    await form.getByLabel("Key").fill(subtask.key);
    await form.getByLabel("Name").fill(subtask.name);
    await form.getByLabel("Level cut").fill(subtask.depth);
    if (data.section) await form.getByLabel("File section").selectOption(subtask.key);
    // The weak GermEval run lacks 516 documents: accept partial files, as the official scorer did.
    await form.getByLabel("Files that lack documents").selectOption("empty");
    await form.getByRole("button", { name: "Create subtask" }).click();
    await expect(form.getByTestId("action-success")).toContainText("created");
  }

  const phaseForm = page.getByTestId("phase-form-new");
  await phaseForm.getByLabel("Key").fill("test");
  await phaseForm.getByLabel("Name").fill("Test phase");
  await phaseForm.getByLabel("Starts (UTC)").fill(toUtcInputValue(Date.now() - 86_400_000));
  await phaseForm.getByLabel("Ends (UTC)").fill(toUtcInputValue(Date.now() + 7 * 86_400_000));
  await phaseForm.getByRole("button", { name: "Create phase" }).click();
  await expect(page.getByTestId("phase-test")).toBeVisible();

  const goldForm = page.getByTestId("gold-form-test");
  await goldForm.getByLabel("Gold file").setInputFiles(data.gold);
  await goldForm.getByRole("button", { name: "Upload gold" }).click();
  await expect(page.getByTestId("phase-test")).toContainText("Gold v1");
  await page.getByTestId("lifecycle").getByRole("button", { name: "Publish task" }).click();
  await expect(page.locator("#lifecycle")).toContainText("Published: listed on the home page");
  await signOut(page);

  // --- Two teams sign up and submit to subtask b; the first also tries a malformed file ----
  const submissionIds: string[] = [];
  for (const [index, team] of teams.entries()) {
    await signUp(page, team.who);
    await page.goto(`/tasks/${slug}/team`);
    await page.getByLabel("Team name").fill(team.name);
    await page.getByRole("button", { name: "Create team" }).click();
    await expect(page.getByRole("heading", { name: `Team ${team.name}` })).toBeVisible();
    await page.getByLabel("Subtask").selectOption("b");

    if (index === 0) {
      // A label the taxonomy does not have, on line 4.
      const goldId = readFileSync(data.gold, "utf8")
        .split("\n")
        .find((line) => line.includes("\t"))!
        .split("\t")[0]!;
      const malformed = `subtask_a\n${goldId}\t${germeval ? "Literatur & Unterhaltung" : "Science"}\nsubtask_b\n${goldId}\tAstrologie\n`;
      await page
        .getByLabel("Prediction file")
        .setInputFiles({ name: "malformed.txt", mimeType: "text/plain", buffer: Buffer.from(malformed) });
      await page.getByRole("button", { name: "Submit" }).click();
      const refusal = page.getByTestId("issue-list");
      await expect(refusal).toContainText("line 4");
      await expect(refusal).toContainText("Astrologie");
      await shot(page, "team-malformed-refused");
    }

    await page.getByLabel("Prediction file").setInputFiles(team.file);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("upload-accepted")).toContainText("queued for scoring");
    const row = page.getByTestId("submission-history").locator("tbody tr").first();
    await expect(row).toHaveAttribute("data-status", "SCORED", { timeout: 120_000 });
    const href = await row.getByRole("link").first().getAttribute("href");
    submissionIds.push(href!.split("/").at(-1)!);
    await signOut(page);
  }

  // --- Organiser: all submissions, re-score the phase (nothing stale), audit log, end phase -
  await signIn(page, organiser);
  await page.goto(`/organise/${slug}/submissions`);
  const all = page.getByTestId("all-submissions");
  await expect(all.locator("tbody tr")).toHaveCount(2);
  await expect(all.locator('tbody tr[data-status="SCORED"]')).toHaveCount(2);
  const rescore = page.getByTestId("rescore-phase-test");
  await rescore.getByRole("button", { name: /Re-score/ }).click();
  await expect(rescore.getByTestId("action-success")).toContainText("already has scores against gold v1");
  await shot(page, "organiser-submissions");
  await page.goto(`/organise/${slug}/audit`);
  await expect(page.getByTestId("audit-log")).toContainText("phase.rescore");
  await expect(page.getByTestId("audit-log")).toContainText("task.create");
  await shot(page, "organiser-audit-log");

  // Close the phase with "End now" (an end date typed by hand would fall before this minute's
  // submissions and meet the end-date guard), so every report is public.
  await page.goto(`/organise/${slug}`);
  const controls = page.getByTestId("phase-controls-test");
  await controls.getByText("End now…").click();
  await controls.getByRole("button", { name: "Yes, end the phase now" }).click();
  await expect(controls).toContainText("ended");
  await signOut(page);

  // --- Public board (anonymous): both teams, right order, numbers equal to the CLI's -------
  const api = await request.get(`/api/tasks/${slug}/leaderboard?phase=test&subtask=b`);
  expect(api.status()).toBe(200);
  const { leaderboard } = (await api.json()) as {
    leaderboard: {
      primaryMeasure: string;
      measures: { key: string }[];
      rows: { teamName: string; rank: number; scores: Record<string, { value: number | null }> }[];
    };
  };
  expect(leaderboard.primaryMeasure).toBe("hc.f1");
  expect(leaderboard.rows.map((r) => [r.rank, r.teamName])).toEqual([
    [1, teams[0].name],
    [2, teams[1].name],
  ]);
  for (const [index, row] of leaderboard.rows.entries()) {
    for (const { key } of leaderboard.measures)
      expect(row.scores[key]?.value, `${row.teamName} ${key}`).toBe(valueAt(expected[index]!, key));
  }

  await page.goto(`/tasks/${slug}?phase=test&subtask=b`);
  const board = page.getByRole("table").first();
  const bodyRows = board.locator("tbody tr");
  await expect(bodyRows).toHaveCount(2);
  for (const [index, team] of teams.entries()) {
    const boardRow = bodyRows.nth(index);
    await expect(boardRow).toContainText(team.name);
    await expect(boardRow).toContainText(formatScore(valueAt(expected[index]!, "hc.f1") as number));
    await expect(boardRow).toContainText(formatScore(valueAt(expected[index]!, "flat.micro.f1") as number));
  }
  await expect(page.getByText(/gold version 1/)).toBeVisible();
  await shot(page, "board");

  // --- Rankings side by side --------------------------------------------------------------
  await page.getByRole("link", { name: "Rankings side by side" }).click();
  await page.waitForURL(`**/tasks/${slug}/rankings?**`);
  await expect(page.getByRole("table").first()).toContainText(teams[0].name);
  await expect(page.getByRole("table").first()).toContainText(teams[1].name);
  await shot(page, "rankings-side-by-side");

  // --- Report of the second team, public now, and its comparison with the first -----------
  await page.goto(`/tasks/${slug}/submissions/${submissionIds[1]}`);
  await expect(page.getByRole("heading", { name: "Scores" })).toBeVisible();
  const hc = valueAt(expected[1]!, "hc") as { tp: number; fp: number; fn: number; tn: number };
  await expect(page.getByTestId("hc-counts")).toContainText(hc.tp.toLocaleString("en"));
  await expect(page.getByTestId("hc-counts")).toContainText(hc.tn.toLocaleString("en"));
  await expect(page.getByRole("heading", { name: "By level" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "By top-level category" })).toBeVisible();
  await expect(page.locator("#per-level .recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("over-predicted").locator("tbody tr").first()).toBeVisible();
  await expect(page.getByTestId("under-predicted").locator("tbody tr").first()).toBeVisible();
  await shot(page, "report");
  await page.locator("#per-level").screenshot({ path: test.info().outputPath("report-per-level.png") });
  await page.locator("#per-subtree").screenshot({ path: test.info().outputPath("report-per-subtree.png") });
  // On a phone: the same report in one column, nothing wider than the screen.
  // The charts re-lay out after the resize (Recharts measures its box with a ResizeObserver), later on a
  // loaded machine: wait for the page to settle within the screen rather than reading it once.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator("#per-level .recharts-bar-rectangle").first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: "page width at 390 px (scrollWidth)",
      timeout: 30_000,
    })
    .toBeLessThanOrEqual(390);
  await shot(page, "report-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  // --- The taxonomy explorer of the same report: every top-level category drawn, counts equal to the CLI's ---
  const nodes = await request.get(`/api/submissions/${submissionIds[1]}/nodes?view=written`);
  expect(nodes.status()).toBe(200);
  const nodeRows = ((await nodes.json()) as { nodes: { label: string; depth: number; tp: number }[]; truncated: boolean }).nodes;
  const flatMicro = valueAt(expected[1]!, "flat.micro") as { tp: number };
  expect(nodeRows.reduce((t, r) => t + r.tp, 0)).toBe(flatMicro.tp);
  await page.getByRole("link", { name: "Explore the taxonomy" }).click();
  await page.waitForURL(`**/tasks/${slug}/submissions/${submissionIds[1]}/explorer`);
  const icicle = page.getByTestId("explorer-icicle");
  for (const top of nodeRows.filter((r) => r.depth === 1).map((r) => r.label))
    await expect(icicle.locator(`g[data-depth="1"][data-node="${top}"]`).first()).toBeAttached();
  await shot(page, "explorer");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: "explorer width at 390 px", timeout: 30_000 })
    .toBeLessThanOrEqual(390);
  await shot(page, "explorer-phone");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tasks/${slug}/submissions/${submissionIds[1]}`);

  await page.getByRole("link", { name: "Compare with another submission" }).click();
  await page.getByTestId("compare-picker").getByLabel("Other submission").selectOption(submissionIds[0]!);
  await page.getByRole("button", { name: "Compare" }).click();
  const paired = page.getByTestId("paired-test");
  await expect(paired).toBeVisible({ timeout: 60_000 });
  const primaryRow = paired.getByRole("row", { name: /HC-F1/ });
  await expect(primaryRow).toContainText(formatScore(valueAt(expected[1]!, "hc.f1") as number));
  await expect(primaryRow).toContainText(formatScore(valueAt(expected[0]!, "hc.f1") as number));
  // Columns and verdict name team and file.
  await expect(primaryRow).toContainText(germeval ? `${teams[0].name} · ` : /better|Indistinguishable/);
  if (germeval) await expect(primaryRow).toContainText(/· \S+ better/);
  await shot(page, "compare");
});
