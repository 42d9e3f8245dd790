// The admin status page: a participant is turned away and has no header link to it; an admin
// reaches it from the header, sees the three services up (the e2e stack runs a worker), the
// scoring figures, and the page fits a phone's width.
import { expect, test } from "@playwright/test";
import { signIn, signUp } from "./accounts";
import { grantRole } from "./grant-role";

const run = Date.now().toString(36);
const admin = { name: "Ada Admin", email: `ada-${run}@example.test`, password: "admin-pass-12345" };

test("an admin sees services, workers and the queue; others are turned away", async ({ page }) => {
  await signUp(page, admin);
  const header = page.getByRole("navigation", { name: "Main" });
  // A participant's header has no link to the status page.
  await expect(header.getByRole("link", { name: "Measures" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Status" })).toHaveCount(0);
  // Like /admin/users, the page is not found for anyone but an admin.
  expect((await page.goto("/admin/status"))?.status()).toBe(404);

  // The operator's tool, against the e2e database (the stack's DATABASE_URL).
  grantRole(admin.email, "ADMIN");
  // A role change ends the account's sessions (docs/security.md): sign in again as the admin.
  await signIn(page, admin, "/admin/status");
  await expect(page.getByRole("heading", { name: "System status" })).toBeVisible();
  // The admin reaches the page from the site header too.
  await page.goto("/");
  await header.getByRole("link", { name: "Status" }).click();
  await expect(page).toHaveURL(/\/admin\/status$/);
  await expect(page.getByRole("heading", { name: "System status" })).toBeVisible();
  const services = page.getByTestId("services");
  for (const name of ["postgres", "redis", "workers"]) {
    await expect(
      services
        .getByRole("listitem")
        .filter({ hasText: new RegExp(name, "i") })
        .getByText("up", { exact: true }),
    ).toBeVisible();
  }
  const figures = page.getByTestId("figures");
  await expect(figures.getByText("Workers connected")).toBeVisible();
  await expect(figures.getByText("Oldest waiting")).toBeVisible();
  await expect(page.getByText("Nothing is stuck")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("admin-status-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/status");
  await expect(page.getByRole("heading", { name: "System status" })).toBeVisible();
  // The header's links (an admin has the most) scroll inside it; the page stays a phone wide.
  await expect(header.getByRole("link", { name: "Status" })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("admin-status-390.png"), fullPage: true });
});
