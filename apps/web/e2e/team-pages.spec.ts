// Public team pages: a visitor opens a demo team's page from the board (its description, its
// member's display name, its counted run; never an address); a participant describes their own
// system from it, where markup stays text and a javascript: link is refused; the organiser sets
// the deadline for descriptions in the console, after which the form says so and the server
// refuses a form that was still open. Screenshots at 1280 and 390 px.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { toUtcInputValue } from "../src/lib/utc";
import { signIn, signUp } from "./accounts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const run = Date.now().toString(36);
const participant = { name: "Tess Describer", email: `tess-${run}@example.test`, password: "describer-pass-123" };
const organiser = { email: "organiser@demo-e2e.test", password: "demo-organiser-pass" };
const team = `Describers ${run}`;
const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;

test.setTimeout(900_000);

test.beforeAll(() => {
  execFileSync("pnpm", ["exec", "tsx", "e2e/seed-demo-task.ts"], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
    stdio: "inherit",
  });
});

/** Full-page PNGs at 1280 and 390 px; at 390 px nothing may be wider than the screen. */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 30_000 }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function setDescriptionsDeadline(page: Page, value: string) {
  await page.goto("/organise/demo");
  await page.getByText("Edit phase").first().click();
  const form = page.getByTestId("phase-form-test");
  await form.getByLabel("System descriptions close (UTC)").fill(value);
  await form.getByRole("button", { name: "Save phase" }).click();
  await expect(form.getByTestId("action-success")).toHaveText("Phase saved.");
}

test("a team page opens from the board, shows no address, and takes the team's description until the deadline", async ({
  page,
  request,
  browser,
}) => {
  // The board links each team's name to its page once the worker has scored the demo files.
  await expect
    .poll(
      async () => {
        await page.goto("/tasks/demo");
        return page.getByRole("link", { name: "Kestrel", exact: true }).count();
      },
      { timeout: 600_000, intervals: [5_000] },
    )
    .toBe(1);
  await page.getByRole("link", { name: "Kestrel", exact: true }).click();
  await page.waitForURL(/\/tasks\/demo\/teams\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kestrel" })).toBeVisible();
  await expect(page.getByText("Kestrel (demo)")).toBeVisible();
  await expect(page.getByText("Kestrel-strong", { exact: true })).toBeVisible();
  const runs = page.getByTestId("team-run");
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText(/Rank\s*\d+/);
  await expect(runs.first()).toContainText("HC-F1");
  await expect(page.locator("main")).not.toContainText("@");

  // The same page over plain HTTP: 200 without an address; an unknown team is a 404.
  const teamUrl = page.url();
  const response = await request.get(teamUrl);
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toMatch(/@demo\.hierboard\.local/);
  expect((await request.get("/tasks/demo/teams/no-such-team")).status()).toBe(404);
  await shots(page, "team-page-public");

  // A participant describes their team's system from its page.
  await signUp(page, participant);
  await page.goto("/tasks/demo/team");
  await page.getByLabel("Team name").fill(team);
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByRole("link", { name: "Public team page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: team })).toBeVisible();
  const form = page.getByTestId("team-description-form");
  await form.getByLabel("System name").fill("Describer_CNN");
  await form.getByLabel("Description").fill(`Two layers.\n${XSS}`);
  await form.getByLabel("Paper link").fill("javascript:alert(document.cookie)");
  await form.getByRole("button", { name: "Save description" }).click();
  await expect(form.getByRole("alert")).toContainText('expected an http:// or https:// address, found "javascript:"');
  await form.getByLabel("Paper link").fill("https://example.org/describers.pdf");
  await form.getByRole("button", { name: "Save description" }).click();
  await expect(form.getByTestId("action-success")).toHaveText("Description saved.");

  await page.reload();
  const system = page.locator("section", { has: page.getByRole("heading", { name: "System", exact: true }) });
  await expect(system).toContainText("Describer_CNN");
  // Markup is shown as the text it is: no element made from it, no script run.
  await expect(system).toContainText(XSS);
  await expect(system.locator("img, script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(system.getByRole("link", { name: "https://example.org/describers.pdf" })).toHaveAttribute(
    "href",
    "https://example.org/describers.pdf",
  );
  await shots(page, "team-page-member");

  // The organiser closes descriptions (an hour ago) while the participant's form is still open.
  const organiserContext = await browser.newContext();
  const organiserPage = await organiserContext.newPage();
  await signIn(organiserPage, organiser);
  const closedAt = toUtcInputValue(Date.now() - 3_600_000);
  await setDescriptionsDeadline(organiserPage, closedAt);

  await form.getByLabel("System name").fill("Too late");
  await form.getByRole("button", { name: "Save description" }).click();
  await expect(form.getByRole("alert")).toContainText(`closed at ${closedAt} UTC`);
  await page.reload();
  await expect(page.getByTestId("descriptions-closed")).toContainText(`${closedAt} UTC`);
  await expect(page.getByTestId("team-description-form")).toHaveCount(0);
  await expect(system).toContainText("Describer_CNN");
  await shots(page, "team-page-closed");

  // No deadline again, for the other journeys on this database.
  await setDescriptionsDeadline(organiserPage, "");
  await organiserContext.close();
});
