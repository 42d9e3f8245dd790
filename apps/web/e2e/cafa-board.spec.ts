// A CAFA-style subtask on a platform started with `pnpm start`: the seeded demo-cafa task (a synthetic
// GO-shaped DAG with its IA file) takes a participant's score file (protein⇥term⇥score) through the
// Team tab, the worker scores it with the cafa family, and the board ranks every file by wFmax in BPO.
import { generateCafaDemo } from "@hierboard/demo";
import { expect, test, type Page } from "@playwright/test";
import { signOut } from "./accounts";
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

const run = Date.now().toString(36);
const participant = { name: "Cora Cafa", email: `cora-${run}@example.test`, password: "cafa-participant-pass-1" };
const team = `Ontology Owls ${run}`;
const WFMAX = "cafa.namespaces.BPO.wfmax";

/** The gold terms of the demo's BPO proteins, each scored 1: a perfect file in BPO. */
function perfectBpoFile(): string {
  const lines = generateCafaDemo({ seed: 5 })
    .goldTsv.trim()
    .split("\n")
    .flatMap((line) => {
      const [protein, ...terms] = line.split("\t");
      return terms.filter((t) => t.startsWith("BP:")).map((t) => `${protein}\t${t}\t1`);
    });
  return `${lines.join("\n")}\n`;
}

async function signUp(page: Page) {
  await page.goto(`${platform.url}/signup`);
  await page.getByLabel("Name").fill(participant.name);
  await page.getByLabel("Email").fill(participant.email);
  await page.getByLabel("Password").fill(participant.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

async function submit(page: Page, name: string, content: string) {
  await page.goto(`${platform.url}/tasks/demo-cafa/team`);
  await page.getByLabel("Prediction file").setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Submit" }).click();
}

test("a participant's score file is validated, scored with the cafa family and ranked by wFmax, BPO", async ({ page, request }) => {
  test.setTimeout(900_000);
  await signUp(page);
  await page.goto(`${platform.url}/tasks/demo-cafa`);
  await expect(page.getByRole("heading", { name: /protein function \(CAFA-style\)/ })).toBeVisible();
  await page.getByRole("link", { name: "Take part" }).click();
  await page.getByLabel("Team name").fill(team);
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByRole("heading", { name: `Team ${team}` })).toBeVisible();

  // The Data tab says what a CAFA score file is and how it is read.
  await page.goto(`${platform.url}/tasks/demo-cafa/data`);
  await expect(page.getByTestId("cafa-format-go")).toContainText("protein⇥term⇥score");
  await expect(page.getByTestId("cafa-format-go")).toContainText("as CAFA-evaluator does");

  // A malformed file is refused with its line; a perfect BPO file is accepted and scored.
  await submit(page, "bad.tsv", "P00001\tBP:0000001\t0.5\nP00001\tBP:0000002\t1.5\n");
  await expect(page.getByTestId("issue-list")).toContainText('line 2expected a score in (0, 1] for "BP:0000002", got "1.5"');
  await submit(page, "perfect-bpo.tsv", perfectBpoFile());
  await expect(page.getByTestId("upload-accepted")).toContainText("queued for scoring");
  const row = page.getByTestId("submission-history").locator("tbody tr", { hasText: "perfect-bpo.tsv" }).first();
  await expect(row).toHaveAttribute("data-status", "SCORED", { timeout: 600_000 });

  // Every demo file is scored too before the board is read.
  type Board = {
    primaryMeasure: string;
    measures: { key: string; label: string }[];
    rows: { rank: number | null; teamName: string; scores: Record<string, { value: number | null } | undefined> }[];
  };
  const board = async (): Promise<Board> =>
    ((await (await request.get(`${platform.url}/api/tasks/demo-cafa/leaderboard?phase=test&subtask=go`)).json()) as { leaderboard: Board })
      .leaderboard;
  await expect.poll(async () => (await board()).rows.length, { timeout: 600_000 }).toBe(5);
  const scored = await board();
  expect(scored.primaryMeasure).toBe(WFMAX);
  expect(scored.measures.find((m) => m.key === WFMAX)?.label).toBe("wFmax, BPO");
  const values = scored.rows.map((r) => r.scores[WFMAX]?.value);
  expect(values.every((v) => typeof v === "number")).toBe(true);
  expect([...values].sort((a, b) => b! - a!)).toEqual(values);
  expect(scored.rows[0]).toMatchObject({ rank: 1, teamName: team });
  expect(values[0]).toBe(1);

  // The page shows the same order under its wFmax, BPO header.
  await page.goto(`${platform.url}/tasks/demo-cafa`);
  const table = page.getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: /wFmax, BPO/ }).first()).toBeVisible();
  const bodyRows = table.locator("tbody tr");
  await expect(bodyRows).toHaveCount(5);
  for (const [index, r] of scored.rows.entries()) await expect(bodyRows.nth(index)).toContainText(r.teamName);
  // Neighbours are tie-tested under wFmax, BPO like under any measure (per-protein statistics stored).
  // (the board job stores the groups after each score: reload until they are in).
  const tieNote = async () => {
    await page.reload();
    return (await page.locator("#tie-test").count()) > 0 ? ((await page.locator("#tie-test").textContent()) ?? "") : "";
  };
  await expect
    .poll(
      async () => {
        const note = await tieNote();
        return note.includes("wFmax, BPO") && !note.includes("tests are running");
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  await expect(page.getByTestId("untested-measure-note")).toHaveCount(0);
  // The last reload may still be streaming the board in: shoot it once its rows are there.
  await expect(bodyRows).toHaveCount(5);
  await shots(page, "cafa-board");

  // The report draws each namespace's PR curve with its Fmax point and RU–MI curve with its Smin point.
  await page.goto(`${platform.url}/tasks/demo-cafa/team`);
  await page
    .getByTestId("submission-history")
    .locator("tbody tr", { hasText: "perfect-bpo.tsv" })
    .first()
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByTestId("cafa-pr-BPO")).toBeVisible();
  await expect(page.getByTestId("cafa-rumi-BPO")).toBeVisible();
  await expect(page.getByTestId("cafa-pr-BPO")).toContainText("Fmax 1.0000");
  await shots(page, "cafa-report");

  // The organiser's console: the IA file beside its taxonomy version, and the CAFA options of the subtask.
  // Signed out for sure before signing in: a sign-out still under way would end the next session.
  await signOut(page);
  await page.goto(`${platform.url}/signin`);
  await page.getByLabel("Email").fill(platform.admin.email);
  await page.getByLabel("Password").fill(platform.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.goto(`${platform.url}/organise/demo-cafa`);
  await expect(page.getByTestId("ia-v1")).toContainText("ia.tsv");
  await expect(page.getByTestId("ia-form")).toBeVisible();
  await shots(page, "cafa-organiser");
});

/** The page at 1280 and at 390 px wide (no horizontal scrolling on a phone). */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 30_000 }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
