// `pnpm test:docker`: the production deployment, built and run for real with docker-compose.yml.
// Everything is checked through HTTP (a browser for the forms, the JSON API for uploads), except
// what only an operator does (the CLI in the worker image, compose logs for which worker scored).
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import { ComposeStack, ensureBaseImages, repoRoot } from "./compose-stack";

const BUNDLE = path.join(repoRoot, "packages/platform/src/testing/fixtures/bundle-zoo");
const run = Date.now().toString(36);
const slug = `docker-${run}`;
const organiser = { name: "Olga Operator", email: `olga-${run}@example.test`, password: "organiser-pass-1" };
const participant = { name: "Pia Participant", email: `pia-${run}@example.test`, password: "participant-pass-1" };
const team = `Containers ${run}`;
// The development phase's gold itself: a valid (and perfect) run.
const GOOD = readFileSync(path.join(BUNDLE, "gold/dev/v1/gold-dev.tsv"), "utf8");

let stack: ComposeStack;
let fresh: ComposeStack | undefined;
const shared = mkdtempSync(path.join(os.tmpdir(), "hierboard-docker-"));

test.describe.configure({ mode: "serial" });
test.setTimeout(60 * 60_000);

test.beforeAll(async () => {
  chmodSync(shared, 0o777); // the images run as the unprivileged node user
  ensureBaseImages((line) => console.log(line));
  stack = await ComposeStack.create();
  // HIERBOARD_SMOKE_REUSE_IMAGES=1 runs the images already built (after a run that built them).
  if (process.env.HIERBOARD_SMOKE_REUSE_IMAGES !== "1") {
    const started = Date.now();
    stack.run(["build"]);
    console.log(`images built in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  stack.run(["up", "-d"]);
});

// A failed check prints what the web and worker containers logged, where the cause usually is.
// biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern for the fixtures argument
test.afterEach(({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !stack) return;
  console.log(stack.run(["logs", "--no-color", "--tail", "300", "web", "worker"], { allowFailure: true }));
});

test.afterAll(() => {
  stack?.down();
  fresh?.down();
  rmSync(shared, { recursive: true, force: true });
});

/** The zoo bundle with its development phase open now, as a zip. */
function openBundleZip(): string {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full, `${prefix}${name}/`);
      else files[`${prefix}${name}`] = new Uint8Array(readFileSync(full));
    }
  };
  walk(BUNDLE, "");
  const year = new Date().getUTCFullYear();
  const manifest = new TextDecoder()
    .decode(files["task.yaml"])
    .replace("startsAt: 2026-01-01T00:00:00.000Z", `startsAt: ${year - 1}-01-01T00:00:00.000Z`)
    .replace("endsAt: 2026-02-01T00:00:00.000Z", `endsAt: ${year + 2}-01-01T00:00:00.000Z`)
    .replace("startsAt: 2026-02-01T00:00:00.000Z", `startsAt: ${year + 2}-01-01T00:00:00.000Z`)
    .replace("endsAt: 2026-02-15T12:00:00.000Z", `endsAt: ${year + 2}-02-01T00:00:00.000Z`);
  files["task.yaml"] = new TextEncoder().encode(manifest);
  const zip = path.join(shared, "bundle.zip");
  writeFileSync(zip, zipSync(files));
  return zip;
}

async function signUp(page: Page, who: typeof organiser) {
  await page.goto(`${stack.baseUrl}/signup`);
  await page.getByLabel("Name").fill(who.name);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // The form signs the new account in and leaves /signup; to /signin only if that sign-in failed.
  await page.waitForURL((url) => url.pathname !== "/signup");
  expect(new URL(page.url()).pathname, "where the sign-up form went").not.toBe("/signin");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

async function signIn(page: Page, who: typeof organiser) {
  await page.goto(`${stack.baseUrl}/signin`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** Signs out and waits for it: navigating on at once would abort the sign-out's request. */
async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
}

async function upload(page: Page, name: string, content: string) {
  return page.request.post(`${stack.baseUrl}/api/tasks/${slug}/submissions`, {
    headers: { origin: stack.baseUrl },
    multipart: { subtask: "full", phase: "dev", file: { name, mimeType: "text/plain", buffer: Buffer.from(content) } },
  });
}

async function submissionStatus(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`${stack.baseUrl}/api/submissions/${id}/status`);
  const { submission } = (await response.json()) as { submission?: { status: string; errorMessage: string | null } };
  if (!submission) return `HTTP ${response.status()}`;
  return submission.errorMessage ? `${submission.status}: ${submission.errorMessage}` : submission.status;
}

/** Waits until the worker is done with the submission (SCORED, or FAILED for good), then expects SCORED. */
async function expectScored(page: Page, id: string): Promise<void> {
  let status = "";
  await expect.poll(async () => (status = await submissionStatus(page, id)), { timeout: 300_000 }).toMatch(/^(SCORED|FAILED)/);
  expect(status, `submission ${id}`).toBe("SCORED");
}

/** Worker containers that logged a completed scoring job (not a board or mail job), from `compose logs worker`. */
function workersThatScored(): Set<string> {
  const lines = stack.run(["logs", "--no-color", "worker"]).split("\n");
  const scored = (line: string) => line.includes('"job completed"') && line.includes('"job":"scoring"');
  return new Set(lines.filter(scored).map((line) => line.split("|")[0]!.trim()));
}

test("the stack starts: migrations applied, healthy and ready", async ({ request }) => {
  await expect
    .poll(async () => (await request.get(`${stack.baseUrl}/api/health`).catch(() => undefined))?.status(), { timeout: 300_000 })
    .toBe(200);
  await expect.poll(async () => (await request.get(`${stack.baseUrl}/api/ready`)).status(), { timeout: 120_000 }).toBe(200);
  expect(stack.run(["ps", "-a", "migrate"])).toMatch(/Exit 0|exited \(0\)/i);
  expect(stack.run(["logs", "--no-color", "migrate"])).toMatch(/migration\(s\) applied/);
});

test("no image holds .env, .git or a node_modules installed on the host", () => {
  for (const image of ["hierboard-web", "hierboard-worker", "hierboard-migrate"]) {
    const found = stack
      .run([
        "run",
        "--rm",
        "--no-deps",
        "--entrypoint",
        "sh",
        image === "hierboard-web" ? "web" : image === "hierboard-worker" ? "worker" : "migrate",
        "-c",
        "find / -xdev \\( -name .env -o -name '.env.*' -o -name .git -o -name .modules.yaml \\) -print 2>/dev/null; true",
      ])
      .trim();
    expect(found, image).toBe("");
  }
});

test("an organiser made with the CLI imports a task bundle; a participant's upload is validated, refused with a line number when broken, and scored", async ({
  page,
}) => {
  await signUp(page, organiser);
  expect(stack.run(["run", "--rm", "--no-deps", "worker", "hierboard", "grant-role", organiser.email, "ORGANISER"])).toContain(
    "is now ORGANISER",
  );
  await signIn(page, organiser);
  await page.goto(`${stack.baseUrl}/organise`);
  const form = page.getByTestId("import-bundle");
  await form.getByLabel("Bundle (.zip)").setInputFiles(openBundleZip());
  await form.getByLabel("Slug (optional)").fill(slug);
  await form.getByRole("button", { name: "Import bundle" }).click();
  await page.waitForURL(`**/organise/${slug}`);
  await page.getByTestId("lifecycle").getByRole("button", { name: "Publish task" }).click();
  await expect(page.locator("#lifecycle")).toContainText("Published");
  await signOut(page);

  await signUp(page, participant);
  await page.goto(`${stack.baseUrl}/tasks/${slug}`);
  await page.getByRole("link", { name: "Take part" }).click();
  await page.getByLabel("Team name").fill(team);
  // The fixture bundle carries terms of participation.
  await page.getByLabel("I accept these terms for my team.").check();
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: `Team ${team}` })).toBeVisible();
  // The fixture bundle asks for approval: the organiser approves the new team.
  await signOut(page);
  await signIn(page, organiser);
  await page.goto(`${stack.baseUrl}/organise/${slug}/participants`);
  await page.getByTestId(`team-${team}`).getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId(`team-${team}`)).toContainText("approved");
  await signOut(page);
  await signIn(page, participant);

  const broken = await upload(page, "broken.tsv", "d1\tCats\nd2\tNoSuchLabel\n");
  expect(broken.status()).toBe(422);
  expect(await broken.text()).toMatch(/broken\.tsv:2|line 2|"line":2/);

  const good = await upload(page, "good.tsv", GOOD);
  expect(good.status()).toBe(201);
  const { submission } = (await good.json()) as { submission: { id: string } };
  await expectScored(page, submission.id);

  await page.goto(`${stack.baseUrl}/tasks/${slug}`);
  await expect(page.getByRole("table").first()).toContainText(team);
});

test("--scale worker=2 scores two submissions on two workers", async ({ page }) => {
  stack.run(["up", "-d", "--scale", "worker=2", "--no-recreate"]);
  await expect.poll(() => stack.run(["ps", "-q", "worker"]).trim().split("\n").filter(Boolean).length, { timeout: 120_000 }).toBe(2);
  await signIn(page, participant);
  const ids: string[] = [];
  // Two at a time, until both workers have scored one (each takes one job at a time).
  for (let round = 0; round < 2 && workersThatScored().size < 2; round++) {
    const answers = await Promise.all([upload(page, `a-${round}.tsv`, GOOD), upload(page, `b-${round}.tsv`, GOOD)]);
    for (const answer of answers) {
      expect(answer.status()).toBe(201);
      ids.push(((await answer.json()) as { submission: { id: string } }).submission.id);
    }
    for (const id of ids) await expectScored(page, id);
  }
  expect(workersThatScored().size).toBe(2);
});

test("hierboard backup, then restore into a fresh stack, keeps the board identical", async ({ page }) => {
  const boardText = async (baseUrl: string) => {
    await page.goto(`${baseUrl}/tasks/${slug}`);
    return page.getByRole("table").first().textContent();
  };
  const before = await boardText(stack.baseUrl);
  expect(before).toContain(team);
  stack.run(["run", "--rm", "--no-deps", "-v", `${shared}:/backup`, "worker", "hierboard", "backup", "/backup/out"]);

  fresh = await ComposeStack.create();
  fresh.run(["up", "-d", "postgres", "redis"]);
  await expect.poll(() => fresh!.run(["ps", "postgres"]), { timeout: 120_000 }).toMatch(/healthy/);
  fresh.run(["run", "--rm", "--no-deps", "-v", `${shared}:/backup`, "worker", "hierboard", "restore", "/backup/out"]);
  fresh.run(["up", "-d"]);
  await expect
    .poll(async () => (await page.request.get(`${fresh!.baseUrl}/api/health`).catch(() => undefined))?.status(), { timeout: 300_000 })
    .toBe(200);
  expect(await boardText(fresh.baseUrl)).toBe(before);
});
