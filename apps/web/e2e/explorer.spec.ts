// The taxonomy explorer on the launcher's demo task: the per-node API adds up to the flat micro
// scores and keeps to the report's visibility; the page draws every top-level category, zooms into
// one, and shows the table. Screenshots at 1280 and 390 px; nothing wider than a phone.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, request as apiRequest, test, type Page } from "@playwright/test";
import { signIn } from "./accounts";

const webDir = fileURLToPath(new URL("..", import.meta.url));
const database = process.env.E2E_DATABASE ?? "hierboard_e2e";
const organiser = { email: "organiser@demo-e2e.test", password: "demo-organiser-pass" };

interface NodeRow {
  label: string;
  depth: number;
  tp: number;
  predicted: number;
  support: number;
}

test.setTimeout(900_000);

test.beforeAll(() => {
  execFileSync("pnpm", ["exec", "tsx", "e2e/seed-demo-task.ts"], {
    cwd: webDir,
    env: { ...process.env, DATABASE_URL: `postgresql://root@127.0.0.1:5432/${database}` },
    stdio: "inherit",
  });
});

/** The id of a scored demo submission, once the worker has scored one. */
async function scoredSubmission(page: Page): Promise<string> {
  const row = page.getByTestId("all-submissions").locator('tbody tr[data-status="SCORED"]').first();
  await expect
    .poll(
      async () => {
        await page.goto("/organise/demo/submissions");
        return row.count();
      },
      { timeout: 600_000, intervals: [2_000, 5_000] },
    )
    .toBeGreaterThan(0);
  const href = await row.locator('a[href^="/tasks/demo/submissions/"]').first().getAttribute("href");
  return href!.split("/").at(-1)!;
}

async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 30_000 }).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the explorer's API adds up to the flat micro scores, is hidden from strangers, and the page draws every top-level category", async ({
  page,
  baseURL,
}) => {
  await signIn(page, organiser);
  const id = await scoredSubmission(page);

  const nodes = await page.request.get(`/api/submissions/${id}/nodes?view=written`);
  expect(nodes.status()).toBe(200);
  const rows = ((await nodes.json()) as { nodes: NodeRow[] }).nodes;
  const sum = (key: "tp" | "predicted" | "support") => rows.reduce((t, r) => t + r[key], 0);
  const { submission } = (await (await page.request.get(`/api/submissions/${id}`)).json()) as {
    submission: { scores: { measure: string; value: number | null }[] };
  };
  const score = (measure: string) => submission.scores.find((s) => s.measure === measure)?.value;
  // Σ TP over the nodes is the flat micro TP: precision and recall agree to the last bits.
  expect(sum("tp") / sum("predicted")).toBeCloseTo(score("flat.micro.precision")!, 12);
  expect(sum("tp") / sum("support")).toBeCloseTo(score("flat.micro.recall")!, 12);

  const bad = await page.request.get(`/api/submissions/${id}/nodes?under=${encodeURIComponent("No such label")}`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain("No such label");

  // Before the demo phase ends, an anonymous request sees nothing.
  const anonymous = await apiRequest.newContext({ baseURL });
  expect((await anonymous.get(`/api/submissions/${id}/nodes`)).status()).toBe(403);
  await anonymous.dispose();

  const tops = rows.filter((r) => r.depth === 1).map((r) => r.label);
  expect(tops.length).toBeGreaterThan(1);
  await page.goto(`/tasks/demo/submissions/${id}`);
  await page.getByRole("link", { name: "Explore the taxonomy" }).click();
  await page.waitForURL(`**/tasks/demo/submissions/${id}/explorer`);
  const icicle = page.getByTestId("explorer-icicle");
  for (const top of tops) await expect(icicle.locator(`g[data-depth="1"][data-node="${top}"]`).first()).toBeAttached();
  await expect(page.getByTestId("error-landings")).toBeVisible();
  await shots(page, "explorer-demo");

  await icicle.locator(`g[data-depth="1"][data-node="${tops[0]}"]`).first().click();
  await expect(page.getByTestId("explorer-breadcrumb")).toContainText(tops[0]!);
  await expect(page.getByTestId("explorer-table").locator("tbody tr").first()).toBeVisible();
  await shots(page, "explorer-demo-zoomed");
});
