// The taxonomy explorer at LSHTC scale over HTTP: the 325k-class DAG, the per-node statistics of a
// 200k-document prediction (computed and encoded here, as the worker records them), stored for one
// submission of a public task whose phase has ended, then served by the production build of the
// web app (apps/web/.next-bench; BENCH_WEB_DIST_DIR names another build). Measures, anonymously:
// the explorer page's first answer after each of 5 server starts (the taxonomy's stored outline decoded,
// the statistics inflated and indexed), then warm answers; the API's first subtree; the page's weight (HTML and
// the scripts it loads). The submission itself holds 20 documents: only its stored statistics are read.
// Usage: pnpm --filter @hierboard/worker bench:explorer [NODES] [DOCUMENTS]   (default 325000 200000;
// BENCH_STARTS server starts, default 5, each timed on its first page)
import { readFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ENGINE_VERSION, nodeStatistics, parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { createSubmission, createUser, encodeNodeStatistics, setTaskStatus, setUpTask } from "@hierboard/platform";
import { startBenchWebServer } from "./bench-web-server.ts";
import { lshtcTask } from "./lshtc-task.ts";
import { createHarness } from "./pipeline-harness.ts";

const nodes = Number(process.argv[2] ?? 325_000);
const documents = Number(process.argv[3] ?? 200_000);
const starts = Number(process.env.BENCH_STARTS ?? 5);
const load = () => loadavg().map((l) => Number(l.toFixed(1)));
const files = await lshtcTask(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "hierboard-bench"), nodes, documents);
const taxonomyBytes = new Uint8Array(readFileSync(files.taxonomy));
const firstLines = (file: string, n: number) => readFileSync(file, "utf8").split("\n").slice(0, n).join("\n") + "\n";

const taxonomy = parseTaxonomy(taxonomyBytes, { fileName: "taxonomy.tsv" });
const stats = encodeNodeStatistics(
  nodeStatistics({
    taxonomy,
    gold: parseLabelText(readFileSync(files.gold), { taxonomy, role: "gold", fileName: "gold.tsv" }),
    pred: parseLabelText(readFileSync(files.pred), { taxonomy, role: "prediction", fileName: "pred.tsv" }),
  }),
);

const h = await createHarness();
const startServer = () =>
  startBenchWebServer(h.database.url, {
    LOG_LEVEL: "warn",
    ...(process.env.BENCH_WEB_DIST_DIR ? { HIERBOARD_NEXT_DIST_DIR: process.env.BENCH_WEB_DIST_DIR } : {}),
  });
try {
  const org = await createUser({ name: "Org", email: "org@explorer.test", password: "organiser-pass", role: "ORGANISER" }, h.ctx);
  const member = await createUser({ name: "Team", email: "team@explorer.test", password: "participant-pass" }, h.ctx);
  const slug = "lshtc-explorer";
  await setUpTask(
    {
      organiserId: org.id,
      slug,
      title: "LSHTC-scale explorer",
      taxonomy: { fileName: "taxonomy.tsv", content: taxonomyBytes },
      subtasks: [{ key: "all", name: "All", measuresShown: ["flat.micro.f1"], primaryMeasure: "flat.micro.f1", missingDocuments: "empty" }],
      gold: { fileName: "gold.tsv", content: new TextEncoder().encode(firstLines(files.gold, 20)) },
      teams: [{ userId: member.id, name: "bench" }],
    },
    h.ctx,
  );
  await setTaskStatus({ userId: org.id, slug, status: "PUBLISHED" }, h.ctx);
  const { id } = await createSubmission(
    {
      userId: member.id,
      slug,
      subtaskKey: "all",
      phaseKey: "test",
      fileName: "pred.tsv",
      content: new TextEncoder().encode(firstLines(files.pred, 20)),
    },
    h.ctx,
  );
  // As the worker leaves it: scored, with the statistics of the whole prediction; the phase over, so anyone may read them.
  const db = h.ctx.db;
  const submission = await db.submission.update({
    where: { id },
    data: { status: "SCORED", finishedAt: new Date() },
    select: { phaseId: true, subtask: { select: { taxonomyVersion: { select: { contentHash: true } } } } },
  });
  const gold = await db.goldVersion.findFirstOrThrow({
    where: { phaseId: submission.phaseId },
    select: { version: true, contentHash: true },
  });
  await db.phase.update({ where: { id: submission.phaseId }, data: { endsAt: new Date(Date.now() - 1000) } });
  const set = await db.scoreSet.create({
    data: {
      submissionId: id,
      goldVersion: gold.version,
      breakdown: {},
      warnings: [],
      documents,
      engineVersion: ENGINE_VERSION,
      taxonomyHash: submission.subtask.taxonomyVersion.contentHash,
      goldHash: gold.contentHash,
    },
  });
  await db.nodeStatistics.create({ data: { scoreSetId: set.id, engineVersion: ENGINE_VERSION, ...stats } });

  const timed = async (url: string) => {
    const t0 = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${body.slice(0, 500)}`);
    // Bytes as served decoded, and as gzip (what a browser receives from a compressing server or proxy).
    return { ms: Math.round(performance.now() - t0), bytes: Buffer.byteLength(body), gzipBytes: gzipSync(body).byteLength, body };
  };
  const pagePath = `/tasks/${slug}/submissions/${id}/explorer`;
  const loadAtStart = load();
  // The first page after each of STARTS server starts (the page is the server's first request).
  const firstPageMs: number[] = [];
  for (let i = 1; i < starts; i++) {
    const server = await startServer();
    try {
      firstPageMs.push((await timed(`${server.url}${pagePath}`)).ms);
    } finally {
      await server.stop();
    }
  }
  // For reference, a start whose first page is the task's page, which reads no taxonomy: what any first request costs.
  const reference = await startServer();
  let firstTaskPageMs: number;
  try {
    firstTaskPageMs = (await timed(`${reference.url}/tasks/${slug}`)).ms;
  } finally {
    await reference.stop();
  }
  const web = await startServer();
  const page = `${web.url}${pagePath}`;
  const first = await timed(page);
  firstPageMs.push(first.ms);
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) warm.push((await timed(page)).ms);
  const subtree = await timed(
    `${web.url}/api/submissions/${id}/nodes?levels=3&limit=600&under=${encodeURIComponent(taxonomy.names[taxonomy.children[0]![0]!]!)}`,
  );
  // The page's weight: its HTML and every script it loads (each chunk once).
  const scripts = [...new Set([...first.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!))];
  let scriptBytes = 0;
  let scriptGzipBytes = 0;
  for (const src of scripts) {
    const script = await timed(new URL(src, web.url).toString());
    scriptBytes += script.bytes;
    scriptGzipBytes += script.gzipBytes;
  }
  await web.stop();
  console.log(
    JSON.stringify({
      nodes: taxonomy.size,
      documents,
      storedRows: stats.nodes,
      storedBytes: stats.data.byteLength,
      firstPageMs: firstPageMs.sort((a, b) => a - b),
      warmPageMs: warm.sort((a, b) => a - b),
      firstTaskPageMs,
      pageHtmlBytes: first.bytes,
      pageHtmlGzipBytes: first.gzipBytes,
      pageScripts: scripts.length,
      pageScriptBytes: scriptBytes,
      pageScriptGzipBytes: scriptGzipBytes,
      subtreeApiMs: subtree.ms,
      subtreeApiBytes: subtree.bytes,
      cpus: cpus().length,
      loadAverage: { atStart: loadAtStart, atEnd: load() },
    }),
  );
} finally {
  await h.close();
}
process.exit(0);
