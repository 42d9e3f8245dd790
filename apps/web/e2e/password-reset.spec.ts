// The password reset flow in Chromium on a platform started with `pnpm start`, reading the mail
// from the launcher's SMTP catcher (`<data>/mail/*.eml`): the admin asks for a link, follows it,
// sets a new password and signs in with it; the link then says it was used; an unknown address
// gets the same answer and no mail.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { simpleParser } from "mailparser";
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

/** The caught messages to `address` (the demo's teams get "scored" mails of their own meanwhile). */
async function mailsTo(address: string) {
  const dir = path.join(platform.dataDir, "mail");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".eml")).sort();
  const mails = await Promise.all(names.map(async (n) => simpleParser(await readFile(path.join(dir, n)))));
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
}

const answer = "If this address has an account, a link to choose a new password is on its way.";
const newPassword = "violet-harbour-compass-7";
let link = "";

test("the launcher says where mail goes", () => {
  expect(platform.output()).toContain(`mail: caught locally, not sent (${path.join(platform.dataDir, "mail")}`);
});

test("an unknown address gets the same answer and no mail", async ({ page }) => {
  await page.goto(`${platform.url}/forgot-password`);
  await page.getByLabel("Email").fill("nobody-here@example.org");
  await page.getByRole("button", { name: "Mail me a link" }).click();
  await expect(page.getByTestId("reset-answer")).toContainText(answer);
  // The worker's log line for the job: looked up, nothing to send.
  await expect.poll(() => /mail-password-reset-\S+: no-account/.test(platform.output()), { timeout: 60_000 }).toBe(true);
  expect(await mailsTo("nobody-here@example.org")).toEqual([]);
});

test("Forgot password? mails the admin a link that sets a new password", async ({ page }) => {
  await page.goto(`${platform.url}/signin`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(platform.admin.email);
  await page.getByRole("button", { name: "Mail me a link" }).click();
  await expect(page.getByTestId("reset-answer")).toContainText(answer);

  await expect.poll(async () => (await mailsTo(platform.admin.email)).length, { timeout: 60_000 }).toBe(1);
  const [mail] = await mailsTo(platform.admin.email);
  expect(mail!.subject).toBe("Reset your HierBoard password");
  link = mail!.text?.match(/http:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? "";
  expect(link.startsWith(`${platform.url}/reset-password?token=`)).toBe(true);

  await page.goto(link);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/signin\?notice=password-reset/);
  await expect(page.getByText("Your new password is set.")).toBeVisible();
  await page.getByLabel("Email").fill(platform.admin.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("the same link again says it was used", async ({ page }) => {
  await page.goto(link);
  await expect(page.getByTestId("link-refused")).toHaveAttribute("data-reason", "used");
  await expect(page.getByTestId("link-refused")).toContainText("was used already");
});

test("an admin reads the caught message at /admin/mail", async ({ page }) => {
  await page.goto(`${platform.url}/signin`);
  await page.getByLabel("Email").fill(platform.admin.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.goto(`${platform.url}/admin/mail`);
  await page.getByRole("link", { name: "Reset your HierBoard password" }).click();
  await expect(page.getByTestId("mail-text")).toContainText("/reset-password?token=");
});
