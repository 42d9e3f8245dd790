// The account steps every journey starts with, through the real forms: sign up, sign in, sign out,
// and an organiser (sign-up makes a participant; the operator's tool grants the role, which ends
// the session, so sign in again).
import { expect, type Page } from "@playwright/test";
import { grantRole } from "./grant-role";

export interface Account {
  name: string;
  email: string;
  password: string;
}

export async function signUp(page: Page, who: Account): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** Signs in through the form; `callbackUrl` is where the form sends the browser afterwards. */
export async function signIn(page: Page, who: Pick<Account, "email" | "password">, callbackUrl?: string): Promise<void> {
  await page.goto(callbackUrl === undefined ? "/signin" : `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

/** A new account with `role`, signed in again after the grant. */
export async function signUpWithRole(page: Page, who: Account, role: "ORGANISER" | "ADMIN", callbackUrl?: string): Promise<void> {
  await signUp(page, who);
  grantRole(who.email, role);
  await signIn(page, who, callbackUrl);
}
