// Layout at the two widths the pages are checked at: at 1280 px the board shows every column of a
// subtask with the headline measures without scrolling sideways; on a 390 px phone the team page's
// submission history keeps its score column in view.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { signIn } from "./accounts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const slug = `layout-${Date.now().toString(36)}`;

test.beforeAll(() => {
  execFileSync("pnpm", ["exec", "tsx", "e2e/seed-parts-task.ts", slug, "--board-measures"], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
    stdio: "inherit",
  });
});

test("at 1280 px the board's table fits its card: no column behind a sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const table = page.locator("table", { has: page.locator("caption", { hasText: "Leaderboard" }) });
  // The seeded submission is scored by the worker's sweep: its row, with every measure and interval, is the widest.
  await expect
    .poll(
      async () => {
        await page.goto(`/tasks/${slug}?phase=test&subtask=full`);
        return table.locator("tbody tr").count();
      },
      { timeout: 300_000 },
    )
    .toBeGreaterThan(0);
  await expect(table.locator("thead th")).not.toHaveCount(0);
  await expect(table.locator("thead th").last()).toContainText("Submitted");
  const overflow = await table.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
  expect(overflow).toBeLessThanOrEqual(0);
});

test("on a 390 px phone the team page's history shows each row's score in view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { email: `tariq@${slug}.test`, password: "participant-pass" }, `/tasks/${slug}/team`);
  await page.waitForURL(`**/tasks/${slug}/team`);
  const history = page.getByTestId("submission-history");
  const overflow = await history.evaluate((t) => t.scrollWidth - (t.parentElement?.clientWidth ?? 0));
  expect(overflow).toBeLessThanOrEqual(0);
  // Columns: file, subtask, status, primary score, uploaded (the subtask, status and time cells are hidden on a phone).
  const score = history.locator("tbody tr").first().locator("td").nth(3);
  await expect(score).toBeVisible();
  const box = await score.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
