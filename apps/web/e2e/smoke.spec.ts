import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { toUtcInputValue } from "../src/lib/utc";
import { signUp, signUpWithRole } from "./accounts";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const run = Date.now().toString(36);
const slug = `e2e-${run}`;
const organiser = { name: "Olga Organiser", email: `olga-${run}@example.test`, password: "organiser-pass-1" };
const member = { name: "Tariq Team", email: `tariq-${run}@example.test`, password: "team-pass-12345" };
const teammate = { name: "Mira Mate", email: `mira-${run}@example.test`, password: "mate-pass-12345" };

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("organiser hosts a task; a team submits, a bad file is refused by line, a good one is scored; a team mate joins by code and submits by API", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Leaderboards that understand/ })).toBeVisible();

  // --- Organiser: task, taxonomy, subtask, phase, gold -------------------------------
  await signUpWithRole(page, organiser, "ORGANISER");
  await page.goto("/organise");
  const createTask = page.getByTestId("create-task");
  await createTask.getByLabel("Slug").fill(slug);
  await createTask.getByLabel("Title").fill("E2E Science & Arts");
  await createTask.getByLabel("Description").fill("A **tiny** task for the smoke test.\n\n- four documents\n- one subtask");
  await createTask.getByRole("button", { name: "Create task" }).click();
  await page.waitForURL(`**/organise/${slug}`);

  const taxonomyForm = page.getByTestId("taxonomy-form");
  await taxonomyForm.getByLabel("Taxonomy file").setInputFiles(fixture("taxonomy-cycle.tsv"));
  await taxonomyForm.getByRole("button", { name: "Upload taxonomy" }).click();
  await expect(taxonomyForm.getByTestId("issue-list")).toContainText("line 3");
  await expect(taxonomyForm.getByTestId("issue-list")).toContainText("cycle");
  await shot(page, "organiser-taxonomy-refused");
  await taxonomyForm.getByLabel("Taxonomy file").setInputFiles(fixture("taxonomy.tsv"));
  await taxonomyForm.getByRole("button", { name: "Upload taxonomy" }).click();
  await expect(taxonomyForm.getByTestId("action-success")).toContainText("Taxonomy v1 stored");

  const subtaskForm = page.getByTestId("subtask-form-new");
  await subtaskForm.getByLabel("Key").fill("a");
  await subtaskForm.getByLabel("Name").fill("Full hierarchy");
  await subtaskForm.getByRole("button", { name: "Create subtask" }).click();
  await expect(subtaskForm.getByTestId("action-success")).toContainText("created");

  const phaseForm = page.getByTestId("phase-form-new");
  const now = Date.now();
  await phaseForm.getByLabel("Key").fill("test");
  await phaseForm.getByLabel("Name").fill("Test phase");
  await phaseForm.getByLabel("Starts (UTC)").fill(toUtcInputValue(now - 86_400_000));
  await phaseForm.getByLabel("Ends (UTC)").fill(toUtcInputValue(now + 7 * 86_400_000));
  await phaseForm.getByRole("button", { name: "Create phase" }).click();
  await expect(page.getByTestId("phase-test")).toBeVisible();

  const goldForm = page.getByTestId("gold-form-test");
  await goldForm.getByLabel("Gold file").setInputFiles(fixture("gold.tsv"));
  await goldForm.getByRole("button", { name: "Upload gold" }).click();
  await expect(page.getByTestId("phase-test")).toContainText("Gold v1 · 4 docs");
  await page.getByTestId("lifecycle").getByRole("button", { name: "Publish task" }).click();
  await expect(page.locator("#lifecycle")).toContainText("Published: listed on the home page");
  await shot(page, "organiser-console");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  // --- Team: sign up, create a team, submit -------------------------------------------
  await signUp(page, member);
  await page.goto(`/tasks/${slug}`);
  await page.getByRole("link", { name: "Take part" }).click();
  await page.getByLabel("Team name").fill("Hierarchy Hackers");
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: "Team Hierarchy Hackers" })).toBeVisible();

  // The malformed file arrives by drag-and-drop, the valid one by the file picker.
  const malformed = readFileSync(fixture("predictions-unknown-label.tsv"), "utf8");
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "predictions-unknown-label.tsv", { type: "text/plain" }));
    return transfer;
  }, malformed);
  await page.getByTestId("dropzone").dispatchEvent("drop", { dataTransfer });
  await expect(page.getByTestId("dropzone")).toContainText("predictions-unknown-label.tsv");
  await page.getByRole("button", { name: "Submit" }).click();
  const refusal = page.getByTestId("issue-list");
  await expect(refusal).toContainText("line 2");
  await expect(refusal).toContainText("Astrology");
  await shot(page, "team-invalid-upload");
  await expect(page.getByTestId("submission-history")).toHaveCount(0);

  await page.getByLabel("Prediction file").setInputFiles(fixture("predictions-valid.tsv"));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("upload-accepted")).toContainText("queued for scoring");
  const row = page.getByTestId("submission-history").locator("tbody tr").first();
  await expect(row).toContainText("predictions-valid.tsv");
  await expect(row).toHaveAttribute("data-status", "SCORED", { timeout: 90_000 });
  await shot(page, "team-area-scored");

  await row.getByRole("link", { name: "predictions-valid.tsv" }).click();
  await expect(page.getByRole("heading", { name: "Scores" })).toBeVisible();
  await expect(page.getByRole("row", { name: /^HC-F1/ }).first()).toContainText("0.8235");
  await shot(page, "submission-report");
  const inviteCode = await (async () => {
    await page.goto(`/tasks/${slug}/team`);
    return ((await page.getByTestId("invite-code").textContent()) ?? "").trim();
  })();
  expect(inviteCode.length).toBeGreaterThanOrEqual(4);

  // --- Public board ----------------------------------------------------------------------
  await page.goto(`/tasks/${slug}`);
  const board = page.getByRole("table");
  await expect(board.getByRole("rowheader", { name: /Hierarchy Hackers/ })).toBeVisible();
  const first = board.locator("tbody tr").first();
  await expect(first.locator("td").first()).toHaveText("1");
  // `pnpm hierboard eval --taxonomy taxonomy.tsv --gold gold.tsv --pred predictions-valid.tsv`
  // prints HC-F1 0.8235 (7 of 9 gold labels found, 1 extra) for these fixtures.
  await expect(first.locator("td").nth(1)).toHaveText("0.8235");
  await shot(page, "task-page-leaderboard");

  const api = await request.get(`/api/tasks/${slug}/leaderboard?phase=test`);
  expect(api.status()).toBe(200);
  const body = (await api.json()) as { leaderboard: { rows: { teamName: string }[] } };
  expect(body.leaderboard.rows.map((r) => r.teamName)).toEqual(["Hierarchy Hackers"]);

  await page.goto("/");
  await expect(page.locator(`a[href="/tasks/${slug}"]`)).toContainText("E2E Science & Arts");
  await shot(page, "home");

  // --- A team mate joins by invite code and sees the team's history ---------------------
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await signUp(page, teammate);
  await page.goto(`/tasks/${slug}/team`);
  await page.getByLabel("Invite code").fill(inviteCode);
  await page.getByRole("button", { name: "Join team" }).click();
  await expect(page.getByRole("heading", { name: "Team Hierarchy Hackers" })).toBeVisible();
  await expect(page.getByTestId("submission-history")).toContainText("predictions-valid.tsv");

  // --- REST API with a token (shown once on the profile page) ---------------------------
  await page.goto("/profile");
  await page.getByLabel("Token name").fill("e2e-script");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").locator("code").textContent())?.trim() ?? "";
  expect(token.length).toBeGreaterThan(16);
  await shot(page, "profile-token");

  const file = (name: string, text: string | Buffer) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });
  const wrong = await request.post(`/api/tasks/${slug}/submissions`, {
    headers: { authorization: "Bearer hb_not-a-real-token" },
    multipart: { subtask: "a", phase: "test", file: file("p.tsv", "d1\tArts\n") },
  });
  expect(wrong.status()).toBe(401);

  // The e2e stack runs with UPLOAD_LIMIT_MB=1.
  const oversize = await request.post(`/api/tasks/${slug}/submissions`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { subtask: "a", phase: "test", file: file("big.tsv", Buffer.alloc(1_200_000, 0x41)) },
  });
  expect(oversize.status()).toBe(413);

  const accepted = await request.post(`/api/tasks/${slug}/submissions`, {
    headers: { authorization: `Bearer ${token}` },
    // Every gold document: a file that lacks some is refused by default.
    multipart: { subtask: "a", phase: "test", file: file("api.tsv", "d1\tScience\nd2\tArts\nd3\tScience\nd4\tArts\n") },
  });
  expect(accepted.status()).toBe(201);
  const { submission } = (await accepted.json()) as { submission: { id: string } };
  const status = await request.get(`/api/submissions/${submission.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(status.status()).toBe(200);
  // A script polls the small status route until the worker has scored the file.
  await expect
    .poll(
      async () => {
        const polled = await request.get(`/api/submissions/${submission.id}/status`, { headers: { authorization: `Bearer ${token}` } });
        return ((await polled.json()) as { submission: { status: string } }).submission.status;
      },
      { timeout: 60_000 },
    )
    .toBe("SCORED");
  const anonymous = await request.get(`/api/submissions/${submission.id}`);
  expect(anonymous.status()).toBe(401);

  // --- A soft submission (a score per label): its report draws the precision-recall curve -
  const soft = await request.post(`/api/tasks/${slug}/submissions`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { subtask: "a", phase: "test", file: file("soft.jsonl", readFileSync(fixture("predictions-soft.jsonl"))) },
  });
  expect(soft.status()).toBe(201);
  const softId = ((await soft.json()) as { submission: { id: string } }).submission.id;
  await page.goto(`/tasks/${slug}/submissions/${softId}`);
  await expect(page.getByRole("heading", { name: "Precision-recall curve" })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("#pr-curve .recharts-line-curve")).toBeVisible();
  await page.locator("#pr-curve").screenshot({ path: test.info().outputPath("report-pr-curve.png") });
});
