// `tsx bench/page-load-cli.ts <database> <path> [seconds]` — autocannon (10 connections) against one
// page of a database seeded by seed-cli.ts, served from the `.next-bench` build. For profiling one
// page alone: BENCH_WEB_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof-board" (see web-server.ts).
import { loadavg } from "node:os";
import { loadPage } from "./load-page.ts";
import { startWebServer } from "./web-server.ts";

const [database = "hierboard_board_demo", pagePath = "/tasks/birds-2026?phase=test&subtask=full", seconds = "10"] = process.argv.slice(2);
const server = await startWebServer(`postgresql://root@127.0.0.1:5432/${database}`);
try {
  const url = `${server.url}${pagePath}`;
  for (let i = 0; i < 5; i++) await (await fetch(url)).text();
  console.log({ loadAverage: loadavg().map((x) => x.toFixed(2)) });
  console.log(pagePath, await loadPage(url, Number(seconds)));
  console.log({ loadAverage: loadavg().map((x) => x.toFixed(2)) });
} finally {
  await server.stop();
}
process.exit(0);
