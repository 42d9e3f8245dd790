// An organiser imports a task bundle zip in the console (under a slug of their own), sees its
// subtasks and phases, exports it again (the same manifest but the slug, the same file hashes),
// is shown every manifest error with its YAML path and line for a broken bundle, and downloads a
// board's results table for the paper as LaTeX and Markdown. Screenshots at 1280 and 390 px.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { strToU8, unzipSync, zipSync } from "fflate";
import { signUpWithRole } from "./accounts";

const FIXTURE = fileURLToPath(new URL("../../../packages/platform/src/testing/fixtures/bundle-zoo", import.meta.url));
const run = Date.now().toString(36);
const slug = `bundle-${run}`;
const organiser = { name: "Bea Bundler", email: `bea-${run}@example.test`, password: "organiser-pass-1" };

function fixtureFiles(dir = FIXTURE, prefix = ""): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) Object.assign(out, fixtureFiles(full, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = new Uint8Array(readFileSync(full));
  }
  return out;
}
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const hashes = (files: Record<string, Uint8Array>) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([f]) => f !== "task.yaml")
      .map(([f, c]) => [f, sha(c)])
      .sort(),
  );

async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("organiser imports a bundle zip, exports it again identical, sees a broken bundle's YAML paths, and downloads the paper tables", async ({
  page,
}) => {
  // Sign-up makes a participant; an admin grants the right to host, which ends the session.
  await signUpWithRole(page, organiser, "ORGANISER");

  const files = fixtureFiles();
  const zipPath = test.info().outputPath("zoo-bundle.zip");
  writeFileSync(zipPath, zipSync(files));
  const brokenPath = test.info().outputPath("broken-bundle.zip");
  const brokenManifest = new TextDecoder()
    .decode(files["task.yaml"])
    .replace("endsAt: 2026-02-01T00:00:00.000Z", "endsAt: soon")
    .replace("rule: BEST", "rule: BEST\n    blindMode: yes");
  writeFileSync(brokenPath, zipSync({ ...files, "task.yaml": strToU8(brokenManifest) }));

  // A broken bundle: every error with its YAML path and line; nothing is created.
  await page.goto("/organise");
  const form = page.getByTestId("import-bundle");
  await form.getByLabel("Bundle (.zip)").setInputFiles(brokenPath);
  await form.getByLabel("Slug (optional)").fill(slug);
  await form.getByRole("button", { name: "Import bundle" }).click();
  const issues = form.getByTestId("issue-list");
  await expect(issues).toContainText("phases[0].endsAt");
  await expect(issues).toContainText("phases[1]: Unrecognized key");
  await expect(issues).toContainText(/line \d+/);
  await shots(page, "bundle-import-refused");

  // The good bundle, under our slug.
  await form.getByLabel("Bundle (.zip)").setInputFiles(zipPath);
  await form.getByRole("button", { name: "Import bundle" }).click();
  await page.waitForURL(`**/organise/${slug}`);
  await expect(page.getByTestId("phase-dev")).toBeVisible();
  await expect(page.getByTestId("phase-test")).toBeVisible();
  const section = page.locator("#bundle");
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId("paper-tables").getByRole("listitem")).toHaveCount(4);
  await shots(page, "bundle-console");

  // Export: the same manifest but for the slug, and the same files.
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByTestId("export-bundle").click()]);
  expect(download.suggestedFilename()).toBe(`${slug}-bundle.zip`);
  const exported = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(new TextDecoder().decode(exported["task.yaml"])).toBe(
    new TextDecoder().decode(files["task.yaml"]).replace("slug: zoo-bundle", `slug: ${slug}`),
  );
  expect(hashes(exported)).toEqual(hashes(files));

  // Results tables for the paper, as downloads.
  const row = section.getByTestId("paper-tables").getByRole("listitem").first();
  const [latex] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: "LaTeX table: Development · Full hierarchy" }).click(),
  ]);
  expect(latex.suggestedFilename()).toBe(`${slug}-dev-full-results.tex`);
  const tex = readFileSync(await latex.path(), "utf8");
  expect(tex).toContain("\\toprule");
  expect(tex).toContain("ranked by HC-F1");
  const [markdown] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: "Markdown table: Development · Full hierarchy" }).click(),
  ]);
  expect(readFileSync(await markdown.path(), "utf8")).toMatch(
    /^Table: Zoo classification \(bundle fixture\), subtask Full hierarchy, phase Development/,
  );
});
