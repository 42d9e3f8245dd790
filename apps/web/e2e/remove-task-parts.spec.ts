// An organiser deletes a subtask made by mistake (no submissions) and archives a phase that has a
// submission, each behind a confirmation that names it; the archived phase's board is gone.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { signIn } from "./accounts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const slug = `parts-${Date.now().toString(36)}`;

test.beforeAll(() => {
  execFileSync("pnpm", ["exec", "tsx", "e2e/seed-parts-task.ts", slug], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
    stdio: "inherit",
  });
});

test("deletes a subtask without submissions and archives a phase with submissions", async ({ page }) => {
  expect((await page.request.get(`/api/tasks/${slug}/leaderboard?phase=test&subtask=full`)).status()).toBe(200);
  await signIn(page, { email: `olga@${slug}.test`, password: "kestrel-ledger-42" });
  await page.goto(`/organise/${slug}`);

  // The subtask without submissions: deleted after a confirmation that names it.
  const subtasks = page.locator("#subtasks");
  await subtasks.getByText("Made by mistake", { exact: true }).click();
  const remove = page.getByTestId("delete-subtask-extra");
  await remove.getByText("Delete subtask…").click();
  await expect(remove.getByRole("note")).toContainText("Delete the subtask “Made by mistake” (extra)? It has no submissions.");
  await remove.getByRole("button", { name: "Yes, delete Made by mistake" }).click();
  await expect(subtasks.getByText("Made by mistake", { exact: true })).toHaveCount(0);
  await expect(page.getByTestId("delete-subtask-full")).toHaveCount(0);
  await expect(page.getByTestId("archive-subtask-full")).toHaveCount(1);

  // The phase with a submission: it cannot be deleted, only archived.
  const phase = page.getByTestId("phase-test");
  await expect(page.getByTestId("delete-phase-test")).toHaveCount(0);
  const archive = page.getByTestId("archive-phase-test");
  await archive.getByText("Archive phase…").click();
  await expect(archive.getByRole("note")).toContainText("It has 1 submission, so it cannot be deleted.");
  await archive.getByRole("button", { name: "Yes, archive Test" }).click();
  await expect(phase.getByText("Archived", { exact: true })).toBeVisible();
  await expect(page.getByTestId("archive-phase-test")).toHaveCount(0);

  // Its board is gone with it (the seeded task is published: the board answered before).
  const board = await page.request.get(`/api/tasks/${slug}/leaderboard?phase=test&subtask=full`);
  expect(board.status()).toBe(404);
});
