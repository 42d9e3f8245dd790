// The organiser's campaign end to end in Chromium: a draft previewed by its secret link, published
// with registration approval; two teams approved, submitting and selecting final runs; a new gold
// re-scored with live progress; "end now", "publish results"; the board shows the selected runs and
// says so; a counted run's page lists its score against both gold versions.
// A public starting kit is attached in the console (a hostile name refused first), hidden with the
// draft, and downloaded by a team from the Data & format tab.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { toUtcInputValue } from "../src/lib/utc";
import { signIn, signOut, signUp } from "./accounts";
import { grantRole } from "./grant-role";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const run = Date.now().toString(36);
const slug = `campaign-${run}`;
const organiser = { name: "Olga Organiser", email: `olga-c-${run}@example.test`, password: "organiser-pass-1" };
const admin = { name: "Adam Admin", email: `adam-c-${run}@example.test`, password: "admin-pass-quartz-9" };
// 2,500 bytes of every byte value: a binary download must arrive unchanged.
const kit = Buffer.from(Array.from({ length: 2500 }, (_, i) => (i * 7) % 256));
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const teams = [
  { team: "Alpha", who: { name: "Ana Alpha", email: `ana-${run}@example.test`, password: "alpha-pass-12345" } },
  { team: "Beta", who: { name: "Ben Beta", email: `ben-${run}@example.test`, password: "beta-pass-123456" } },
];

async function shot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
async function submit(page: Page, file: string) {
  await page.getByLabel("Prediction file").setInputFiles(fixture(file));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("upload-accepted")).toContainText("queued for scoring");
}

test("campaign: host request, draft, preview, publish, approval, final runs, re-score, end now, publish results", async ({
  page,
  browser,
}) => {
  test.setTimeout(900_000);
  // --- The right to host: asked for in the console, granted by an admin --------------------------
  await signUp(page, organiser);
  await page.goto("/organise");
  await expect(page.getByTestId("create-task")).toHaveCount(0);
  const hostRequest = page.getByTestId("request-to-host");
  await hostRequest.getByLabel("Which task do you want to host?").fill("A campaign from draft to results, for the e2e suite.");
  await hostRequest.getByRole("button", { name: "Request to host" }).click();
  await expect(hostRequest.getByTestId("action-success")).toContainText("Request sent");
  // The installation's admin (made by the operator's tool, as `pnpm start` makes its first admin).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signUp(adminPage, admin);
  grantRole(admin.email, "ADMIN");
  await signIn(adminPage, admin);
  await adminPage.goto("/admin/users");
  const request = adminPage.getByTestId(`user-${organiser.email}`);
  await expect(request).toContainText("Asks to host tasks");
  await request.getByRole("button", { name: "Approve" }).click();
  // The approval changed the role, which ends the account's sessions: the admin is told so…
  await expect(request.getByTestId("host-decision")).toContainText("can now host tasks. The role change signed them out everywhere");
  await adminContext.close();
  // …and so is the organiser, sent to sign in again and brought back to the console.
  await page.goto("/organise");
  await page.waitForURL(/\/signin\?/);
  await expect(page.getByTestId("sign-in-notice")).toContainText(
    "Your session has ended: your account changed (a new role, such as the right to host tasks",
  );
  await page.getByLabel("Email").fill(organiser.email);
  await page.getByLabel("Password").fill(organiser.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL("**/organise");
  await expect(page.getByTestId("create-task")).toBeVisible();

  // --- Organiser: a draft with taxonomy, subtask, a phase where 1 selected run counts, gold ------
  await page.goto("/organise");
  const createTask = page.getByTestId("create-task");
  await createTask.getByLabel("Slug").fill(slug);
  await createTask.getByLabel("Title").fill("Campaign (e2e)");
  await createTask.getByLabel("Description").fill("A campaign from draft to results.");
  await createTask.getByRole("button", { name: "Create task" }).click();
  await page.waitForURL(`**/organise/${slug}`);
  await expect(page.locator("#lifecycle")).toContainText("Draft");
  await expect(page.getByTestId("publish-missing")).toContainText("a taxonomy");

  const taxonomyForm = page.getByTestId("taxonomy-form");
  await taxonomyForm.getByLabel("Taxonomy file").setInputFiles(fixture("taxonomy.tsv"));
  await taxonomyForm.getByRole("button", { name: "Upload taxonomy" }).click();
  await expect(taxonomyForm.getByTestId("action-success")).toContainText("Taxonomy v1 stored");
  const subtaskForm = page.getByTestId("subtask-form-new");
  await subtaskForm.getByLabel("Key").fill("a");
  await subtaskForm.getByLabel("Name").fill("Full hierarchy");
  await subtaskForm.getByRole("button", { name: "Create subtask" }).click();
  await expect(subtaskForm.getByTestId("action-success")).toContainText("created");
  const phaseForm = page.getByTestId("phase-form-new");
  await phaseForm.getByLabel("Key").fill("test");
  await phaseForm.getByLabel("Name").fill("Test phase");
  await phaseForm.getByLabel("Starts (UTC)").fill(toUtcInputValue(Date.now() - 86_400_000));
  await phaseForm.getByLabel("Ends (UTC)").fill(toUtcInputValue(Date.now() + 7 * 86_400_000));
  await phaseForm.getByLabel("Selected runs that count").fill("1");
  await phaseForm.getByRole("button", { name: "Create phase" }).click();
  await expect(page.getByTestId("phase-test")).toContainText("Selected final runs count, up to 1 per team");
  const goldForm = page.getByTestId("gold-form-test");
  await goldForm.getByLabel("Gold file").setInputFiles(fixture("gold.tsv"));
  await goldForm.getByRole("button", { name: "Upload gold" }).click();
  await expect(page.getByTestId("phase-test")).toContainText("Gold v1");
  await expect(page.getByTestId("publish-missing")).toHaveCount(0);

  const attach = page.getByTestId("attach-task-file");
  const chooseFile = (name: string, buffer: Buffer) =>
    attach.getByLabel("File", { exact: true }).setInputFiles({ name, mimeType: "application/octet-stream", buffer });
  await chooseFile(".env", Buffer.from("SECRET=1\n"));
  await attach.getByRole("button", { name: "Attach file" }).click();
  await expect(attach.getByTestId("issue-list")).toContainText('File name ".env": expected a name that does not start with a dot');
  await chooseFile("starting-kit.zip", kit);
  await attach.getByLabel("Display name").fill("Starting kit (Python)");
  await attach.getByLabel("Kind").selectOption("STARTING_KIT");
  await attach.getByRole("button", { name: "Attach file" }).click();
  await expect(attach.getByTestId("action-success")).toContainText("starting-kit.zip is on the Data & format tab");
  const kitHref = (await page
    .getByTestId("organiser-task-files")
    .getByRole("link", { name: "Starting kit (Python)" })
    .getAttribute("href"))!;
  const previewLink = ((await page.getByTestId("preview-link").textContent()) ?? "").trim();
  expect(previewLink).toContain(`/tasks/${slug}?preview=`);
  await shot(page, "01-draft-console");
  await signOut(page);

  // --- Anonymous: the draft is not found, except through the secret link ----------------------
  const hidden = await page.goto(`/tasks/${slug}`);
  expect(hidden?.status()).toBe(404);
  await page.goto(new URL(previewLink).pathname + new URL(previewLink).search);
  await expect(page.getByTestId("task-status-notice")).toContainText("Draft preview");
  await expect(page.getByRole("heading", { name: "Campaign (e2e)" })).toBeVisible();
  await shot(page, "02-anonymous-preview");
  // The draft's files: hidden like the draft, served through the preview link.
  expect((await page.request.get(kitHref)).status()).toBe(404);
  expect((await page.request.get(`${kitHref}?preview=${new URL(previewLink).searchParams.get("preview")}`)).status()).toBe(200);
  // The Data & format tab too: a 404 without the link; with it, its generated downloads work.
  const token = new URL(previewLink).searchParams.get("preview")!;
  expect((await page.goto(`/tasks/${slug}/data`))?.status()).toBe(404);
  await page.goto(`/tasks/${slug}/data?preview=${token}`);
  const labels = page.locator(`a[href*="/data/labels.tsv"]`).first();
  const labelsHref = (await labels.getAttribute("href")) ?? "";
  expect(labelsHref).toContain(`preview=${token}`);
  expect((await page.request.get(labelsHref)).status()).toBe(200);
  expect((await page.request.get(labelsHref.replace(/&preview=[^&]+/, ""))).status()).toBe(404);

  // --- Organiser publishes, with registration approval ---------------------------------------
  await signIn(page, organiser);
  await page.goto(`/organise/${slug}`);
  await page.getByTestId("lifecycle").getByRole("button", { name: "Publish task" }).click();
  await expect(page.locator("#lifecycle")).toContainText("Published: listed on the home page");
  await page.goto(`/organise/${slug}/participants`);
  const rules = page.getByTestId("participation-rules");
  await rules.getByLabel(/wait for an organiser/).check();
  await rules.getByLabel("Terms a team accepts on registering").fill("Describe your system in a paper.");
  await rules.getByRole("button", { name: "Save registration rules" }).click();
  await expect(rules.getByTestId("action-success")).toBeVisible();
  await signOut(page);

  // --- Two teams register (accepting the terms) and wait for approval ------------------------
  for (const { team, who } of teams) {
    await signUp(page, who);
    await page.goto(`/tasks/${slug}/team`);
    await page.getByLabel("I accept these terms for my team.").check();
    await page.getByLabel("Team name").fill(team);
    await page.getByRole("button", { name: "Create team" }).click();
    await expect(page.getByTestId("team-standing")).toContainText("waits for an organiser's approval");
    await signOut(page);
  }
  await signIn(page, organiser);
  await page.goto(`/organise/${slug}/participants`);
  for (const { team } of teams) {
    await page.getByTestId(`team-${team}`).getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId(`team-${team}`)).toContainText("approved");
  }
  await shot(page, "03-participants-approved");
  await signOut(page);

  // --- Each team submits two runs; Alpha selects one, Beta keeps the default (its best) ---------
  for (const { team, who } of teams) {
    await signIn(page, who);
    if (team === "Alpha") {
      // The starting kit from the Data & format tab: name, kind, size, sha256, the bytes as attached.
      await page.goto(`/tasks/${slug}/data`);
      const file = page.getByTestId("task-files").getByTestId("task-file");
      await expect(file).toContainText("Starting kit (Python)");
      await expect(file).toContainText("starting-kit.zip · 2.4 kB");
      await expect(file.getByTestId("task-file-sha256")).toHaveText(sha256(kit));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        file.getByRole("link", { name: /Starting kit \(Python\)/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("starting-kit.zip");
      expect(sha256(readFileSync((await download.path())!))).toBe(sha256(kit));
      const served = await page.request.get(kitHref);
      expect(served.headers()).toMatchObject({
        "content-disposition": expect.stringMatching(/^attachment; filename="starting-kit\.zip"/),
        "x-content-type-options": "nosniff",
        "content-type": "application/octet-stream",
      });
      await shot(page, "04a-data-tab-files");
    }
    await page.goto(`/tasks/${slug}/team`);
    await submit(page, "predictions-valid.tsv");
    await submit(page, "gold.tsv");
    const rows = page.getByTestId("submission-history").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) await expect(row).toHaveAttribute("data-status", "SCORED", { timeout: 120_000 });
    if (team === "Alpha") {
      await page.reload();
      const picker = page.getByTestId("final-runs-test-a");
      await expect(picker).toContainText("Up to 1 selected run count");
      // Under the final gold (v2 = predictions-valid.tsv) this is Alpha's weaker run.
      await picker.getByLabel(/^gold\.tsv/).check();
      await picker.getByRole("button", { name: "Save selection" }).click();
      await expect(picker.getByTestId("action-success")).toContainText("1 run selected");
      await shot(page, "04-team-selects-final-run");
    }
    await signOut(page);
  }

  // --- Organiser: new gold, re-score with live progress, end now, publish results ------------
  await signIn(page, organiser);
  await page.goto(`/organise/${slug}`);
  await goldForm.getByLabel("Gold file").setInputFiles(fixture("predictions-valid.tsv"));
  await goldForm.getByRole("button", { name: "Upload gold" }).click();
  await expect(page.getByTestId("phase-test")).toContainText("Gold v2");
  const controls = page.getByTestId("phase-controls-test");
  await controls.getByText("Gold v2 is new: re-score 4 submissions…").click();
  await expect(controls).toContainText("earlier scores are kept");
  await controls.getByRole("button", { name: "Yes, re-score" }).click();
  const progress = page.getByTestId("rescore-progress-test");
  await expect(progress).toContainText("4 of 4 scored against gold v2", { timeout: 120_000 });
  await shot(page, "05-rescored-live");
  await controls.getByText("End now…").click();
  await expect(controls).toContainText('Submissions to "Test phase" stop at once.');
  await controls.getByRole("button", { name: "Yes, end the phase now" }).click();
  await expect(controls).toContainText("ended");
  await controls.getByText("Publish results…").click();
  await expect(controls).toContainText("4 scored submissions of 2 teams");
  await controls.getByRole("button", { name: "Yes, publish the results" }).click();
  await expect(controls).toContainText("Results published");
  await shot(page, "06-ended-and-published");
  await signOut(page);

  // --- The public board: one row a counted run: Beta's best (perfect under gold v2) first, then
  // Alpha's selected gold.tsv run. Had Alpha's perfect run counted, Alpha (earlier) would lead.
  await page.goto(`/tasks/${slug}`);
  const rows = page.getByRole("table").first().locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Beta");
  await expect(rows.nth(0)).toContainText("1.0000");
  await expect(rows.nth(1)).toContainText("Alpha");
  // The caption and the phase's badge say that selected runs count, and what counts without a selection.
  await expect(page.locator("p", { hasText: /^Ranked by HC-F1/ })).toContainText(
    "using each team's selected final runs, up to 1 per team (one row a run); a team that selected none counts with its best run.",
  );
  await expect(page.getByText("Selected final runs count, up to 1 per team", { exact: true })).toBeVisible();
  await expect(page.getByText("A team that selected none counts with its best run.", { exact: true })).toBeVisible();
  await shot(page, "07-public-board");

  // --- Alpha's counted run was scored against both golds: v2 counts, v1's score stays in the history.
  await rows
    .nth(1)
    .getByRole("link", { name: /^report of / })
    .click();
  await page.waitForURL(`**/tasks/${slug}/submissions/*`);
  const history = page.getByTestId("score-history");
  await expect(history.locator("tbody tr")).toHaveCount(2);
  const current = history.locator('tr[data-gold-version="2"]');
  await expect(current).toContainText("current");
  await expect(history.locator('tr[data-gold-version="1"]')).toContainText("1.0000");
  await expect(history.locator('tr[data-gold-version="1"]')).not.toContainText("current");
  // The prominent primary score is the current (v2) one.
  const primary = ((await page.getByTestId("current-primary").textContent()) ?? "").trim();
  expect(primary).not.toBe("1.0000");
  await expect(current).toContainText(primary);
  await shot(page, "08-submission-score-history");
});
