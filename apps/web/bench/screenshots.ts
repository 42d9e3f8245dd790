// `tsx bench/screenshots.ts [database]` — screenshots of the board and the side-by-side view at
// 1280 and 390 px, against a database seeded by seed-cli.ts, served from the `.next-bench` build.
// Writes bench-results/screenshots/*.png (Debian's Chromium).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startWebServer, webDir } from "./web-server.ts";

const database = process.argv[2] ?? "hierboard_board_demo";
const out = path.join(webDir, "bench-results", "screenshots");
mkdirSync(out, { recursive: true });
const server = await startWebServer(`postgresql://root@127.0.0.1:5432/${database}`);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
});
try {
  const query = "phase=test&subtask=full";
  // A cold server runs a big board's tie tests after its first response: shoot once they are done.
  for (let i = 0; i < 600; i++) {
    const body = (await (await fetch(`${server.url}/api/tasks/birds-2026/leaderboard?${query}`)).json()) as {
      leaderboard: { ties: { pending: boolean } };
    };
    if (!body.leaderboard.ties.pending) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pages = {
    board: `/tasks/birds-2026?${query}`,
    "side-by-side": `/tasks/birds-2026/rankings?${query}`,
    sorted: `/tasks/birds-2026?${query}&sort=flat.micro.f1&order=desc`,
    // A big board's second page (rows 101–200): global ranks, tie bars into the page above.
    "board-page-2": `/tasks/birds-2026?${query}&page=2`,
  };
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const [name, href] of Object.entries(pages)) {
      await page.goto(`${server.url}${href}`, { waitUntil: "load", timeout: 120_000 });
      await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
    }
    await context.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
