// The security bars of docs/security.md on a platform started with `pnpm start` (not the e2e stack): its
// admin account, created and printed by the launcher, is locked after repeated wrong passwords and
// the right one is refused during the lock (HTTP 429) with when to retry; `/` and the demo task's page carry
// the security headers; signing in through `/signin?callbackUrl=/%5Cexample.org/` stays on the
// platform's origin. The brute-force check runs last: it locks the admin for 15 minutes.
import { expect, test } from "@playwright/test";
import { launchPnpmStart, type Launched } from "./pnpm-start";

test.describe.configure({ mode: "serial" });

let platform: Launched;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  platform = await launchPnpmStart();
});
test.afterAll(async () => {
  test.setTimeout(120_000);
  await platform?.stop();
});

test("GET / and a task page carry the CSP with frame-ancestors, nosniff and the referrer policy", async ({ request }) => {
  for (const path of ["/", "/tasks/demo"]) {
    const response = await request.get(`${platform.url}${path}`);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  // The demo task page is the real one (seeded by the launcher), not an error page with headers.
  expect(await (await request.get(`${platform.url}/tasks/demo`)).text()).toContain("HierBoard demo: genre classification");
});

test("signing in through /signin?callbackUrl=/%5Cexample.org/ stays on the platform's origin", async ({ page }) => {
  await page.goto(`${platform.url}/signin?callbackUrl=/%5Cexample.org/`);
  await page.getByLabel("Email").fill(platform.admin.email);
  await page.getByLabel("Password").fill(platform.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.waitForLoadState("load");
  expect(new URL(page.url()).origin).toBe(platform.url);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("thirty wrong passwords lock the admin, and the right password is refused during the lock", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto(`${platform.url}/signin`);
  const attempt = async (password: string) => {
    await page.getByLabel("Email").fill(platform.admin.email);
    await page.getByLabel("Password").fill(password);
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/callback/credentials") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Sign in" }).click();
    const response = await answered;
    // The form shows the answer when it leaves its pending state (error and button in one render).
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    return { status: response.status(), message: (await page.locator("form").getByRole("alert").textContent()) ?? "" };
  };
  const lock = /^Too many failed sign-ins for this account\. Try again in \d+ minutes? \(after \d\d:\d\d UTC\)\.$/;
  const wrong = [];
  for (let i = 0; i < 30; i++) wrong.push(await attempt(`wrong-password-${i}`));
  const firstLocked = wrong.findIndex((a) => lock.test(a.message));
  // Locked within the account's budget (10 failures), and every attempt after that is refused as locked.
  expect(firstLocked, JSON.stringify(wrong)).toBeGreaterThan(0);
  expect(firstLocked).toBeLessThanOrEqual(10);
  for (const refused of wrong.slice(0, firstLocked)) {
    expect(refused).toEqual({ status: 401, message: "That email and password do not match an account." });
  }
  for (const locked of wrong.slice(firstLocked)) expect(locked).toEqual({ status: 429, message: expect.stringMatching(lock) });

  const right = await attempt(platform.admin.password);
  expect(right).toEqual({ status: 429, message: expect.stringMatching(lock) });
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/signin");
  await page.screenshot({ path: test.info().outputPath("admin-locked.png"), fullPage: true });
});
