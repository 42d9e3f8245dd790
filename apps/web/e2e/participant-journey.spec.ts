// A new participant, with only the UI: the demo task → Data & format → sample submission → scored →
// HC-F1 explained from the board header → glossary → intervals on the board → two own files compared.
// Screenshots at 1280 and 390 px of the Data tab, the glossary, the board and the compare page, and
// no page wider than a 390 px phone.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./accounts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const run = Date.now().toString(36);
const participant = { name: "Nia Newcomer", email: `nia-${run}@example.test`, password: "newcomer-pass-123" };
const team = `Newcomers ${run}`;

test.setTimeout(900_000);

test.beforeAll(() => {
  // The launcher's demo task, into the database the e2e stack serves (its worker scores it).
  execFileSync("pnpm", ["exec", "tsx", "e2e/seed-demo-task.ts"], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
    stdio: "inherit",
  });
});

/** Full-page PNGs at 1280 and 390 px; at 390 px nothing may be wider than the screen. */
async function shotsAndPhoneWidth(page: Page, name: string, settled: () => Promise<void> = async () => {}) {
  await settled();
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled();
  // Layout settles after the resize (fonts, wrapping); poll instead of sleeping.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 30_000 }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function download(page: Page, testId: string): Promise<{ name: string; buffer: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), buffer: readFileSync((await file.path())!) };
}

async function submit(page: Page, file: { name: string; buffer: Buffer }) {
  await page.goto("/tasks/demo/team");
  await page.getByLabel("Prediction file").setInputFiles({ name: file.name, mimeType: "text/plain", buffer: file.buffer });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("upload-accepted")).toContainText("queued for scoring");
  const row = page.getByTestId("submission-history").locator("tbody tr", { hasText: file.name }).first();
  // The demo's six files (bootstrap on) are scored first, on a shared 2-core machine.
  await expect(row).toHaveAttribute("data-status", "SCORED", { timeout: 600_000 });
}

test("a participant goes from the demo task to a scored sample, the measures explained, intervals and a comparison of two own files", async ({
  page,
}) => {
  await signUp(page, participant);

  // Open the demo task and take part.
  await page.goto("/");
  await page.locator('a[href="/tasks/demo"]').first().click();
  await expect(page.getByRole("heading", { name: /HierBoard demo/ })).toBeVisible();
  await page.getByRole("link", { name: "Take part" }).click();
  await page.getByLabel("Team name").fill(team);
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: `Team ${team}` })).toBeVisible();

  // Data & format: the sample submission, downloaded from the tab.
  await page.goto("/tasks/demo");
  await page.getByRole("link", { name: "Data & format" }).click();
  await page.waitForURL("**/tasks/demo/data**");
  await expect(page.getByTestId("curl-snippet")).toContainText("-F subtask=full -F phase=test");
  const sample = await download(page, "sample-full-tsv");
  expect(sample.name).toBe("demo-full-test-sample.tsv");
  expect(sample.buffer.toString("utf8").split("\n").filter(Boolean)).toHaveLength(2000);
  const soft = await download(page, "sample-full-jsonl-scores");
  await shotsAndPhoneWidth(page, "data-tab");

  // Submit it and see it scored; then a second file to compare with.
  await submit(page, sample);
  await submit(page, soft);

  // The board: HC-F1's definition from its header, on hover and on keyboard focus.
  await page.goto("/tasks/demo");
  const board = page.getByRole("table").first();
  const hint = board.locator('[data-measure-hint="hc.f1"]');
  await hint.hover();
  const tooltip = page.locator("#hint-board-hc-f1");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText("hierarchical confusion matrix");
  await page.mouse.move(0, 0);
  await hint.focus();
  await expect(tooltip).toBeVisible();

  // Intervals on the demo board: a bar per primary cell, the interval on hover of every cell.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.locator("table .lb-bar:not(.thin)").count();
      },
      { timeout: 600_000, intervals: [2_000, 5_000, 10_000] },
    )
    .toBeGreaterThanOrEqual(7);
  await expect(board.locator("td[title*='95% bootstrap interval']").first()).toBeVisible();
  await expect(board.locator("tr[data-own-team]")).toContainText(team);
  await shotsAndPhoneWidth(page, "board-intervals");

  // The demo's average-rank column: a mean rank for every ranked row, and the board sorts by it.
  await expect(board.getByRole("columnheader", { name: /Avg\. rank/ })).toBeVisible();
  const means = async () => (await board.getByTestId("average-rank").allTextContents()).map((t) => t.trim());
  expect((await means()).filter((t) => /^\d+\.\d\d$/.test(t)).length).toBeGreaterThanOrEqual(7);
  await board
    .getByRole("columnheader", { name: /Avg\. rank/ })
    .getByRole("link")
    .click();
  await page.waitForURL("**sort=averageRank**");
  await expect(page.getByRole("status").filter({ hasText: "Sorted by average rank, ascending" })).toBeVisible();
  const sorted = (await means()).filter((t) => t !== "—").map(Number);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  const api = (await (await page.request.get("/api/tasks/demo/leaderboard?phase=test&subtask=full")).json()) as {
    leaderboard: { rows: { rank: number | null; averageRank?: number | null }[] };
  };
  expect(api.leaderboard.rows.filter((r) => r.rank !== null).every((r) => typeof r.averageRank === "number")).toBe(true);

  // Progress over time: one step line per team (the demo's six and ours), the table behind it, and the API's series.
  await page.goto("/tasks/demo");
  const chart = page.getByTestId("progress-chart");
  await expect(chart).toBeVisible();
  await expect.poll(() => chart.getByTestId("progress-line").count()).toBeGreaterThanOrEqual(7);
  await expect(chart.locator("figcaption")).toContainText(team);
  await page.getByText("Table of the improvements").click();
  await expect(page.getByTestId("progress-table").getByRole("rowheader", { name: team }).first()).toBeVisible();
  const history = (await (await page.request.get("/api/tasks/demo/leaderboard/history?phase=test&subtask=full")).json()) as {
    history: { series: { team: string; steps: { value: number }[] }[] };
  };
  expect(history.history.series.length).toBeGreaterThanOrEqual(7);
  expect(new Set(history.history.series.map((s) => s.team)).size).toBe(history.history.series.length);
  await chart.scrollIntoViewIfNeeded();
  await shotsAndPhoneWidth(page, "board-progress");

  // The glossary, from the header's link.
  await board.locator('[data-measure-hint="hc.f1"]').click();
  await page.waitForURL("**/measures#hc.f1");
  const entry = page.getByTestId("glossary-hc.f1");
  await expect(entry).toContainText("HC-F1");
  await expect(entry).toContainText("A Hierarchical Confusion Matrix for Hierarchical Classification");
  await expect(entry.locator(".katex").first()).toBeVisible();
  await shotsAndPhoneWidth(page, "glossary");

  // Compare the two own submissions: both file names in the verdict.
  await page.goto("/tasks/demo/team");
  await page.getByTestId("submission-history").getByRole("link", { name: soft.name }).first().click();
  await page.getByRole("link", { name: "Compare with another submission" }).click();
  const picker = page.getByTestId("compare-picker").getByLabel("Other submission");
  await expect(picker.locator(`optgroup[label="${team}"] option`)).toHaveCount(1);
  await picker.selectOption({ label: (await picker.locator(`optgroup[label="${team}"] option`).first().textContent())!.trim() });
  await page.getByRole("button", { name: "Compare" }).click();
  const verdict = page.getByTestId("primary-verdict");
  await expect(verdict).toBeVisible({ timeout: 120_000 });
  await expect(verdict).toContainText(`${team} · ${soft.name}`);
  await expect(verdict).toContainText(`${team} · ${sample.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${team}: ${soft.name} vs ${sample.name}`);
  await shotsAndPhoneWidth(page, "compare");
});
