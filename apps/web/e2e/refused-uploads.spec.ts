// The organiser console lists a team's refused upload: who, when, the subtask and phase, the first
// problem and how many there were, never the file.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { signIn } from "./accounts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const slug = `refused-${Date.now().toString(36)}`;

test.beforeAll(() => {
  execFileSync("pnpm", ["exec", "tsx", "e2e/seed-parts-task.ts", slug], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
    stdio: "inherit",
  });
});

test("the console lists a refused upload with who, where and the first problem", async ({ page }) => {
  await signIn(page, { email: `olga@${slug}.test`, password: "kestrel-ledger-42" });
  await page.goto(`/organise/${slug}#refused`);
  const section = page.locator("#refused");
  const rows = section.getByTestId("refused-upload");
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText("Predictions");
  await expect(row).toContainText("typo.tsv");
  await expect(row).toContainText("subtask full, phase test");
  await expect(row).toContainText(`Tariq Team (tariq@${slug}.test)`);
  await expect(row).toContainText("team Team Tariq");
  await expect(row).toContainText("typo.tsv:2: expected a label of the taxonomy");
  await expect(row).toContainText("2 problems in all");
  // The accepted file of the seed is not there, nor is any of the refused file's content beyond the first problem.
  await expect(section).not.toContainText("pred.tsv");
  await expect(section).not.toContainText("AlsoMissing");
});
