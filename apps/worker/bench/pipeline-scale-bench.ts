// LSHTC scale through the real pipeline (bounded worker memory, shard results in Postgres, 1M documents over HTTP): the 325k-class DAG and (default)
// 1M gold documents. The organiser's gold and the team's 1M-document prediction go over HTTP to a
// production build of the web app (apps/web/.next-bench, served by apps/web/bench/serve-bench-build.ts),
// as multipart uploads streamed from the files on disk with API tokens; the web validates them in
// its engine threads and stores them (the gold's rows by document are written by the first
// sharded job), and the submission is planned, sharded over 1, 2 and 4 worker processes (Postgres +
// Redis flow), scored and merged. Per worker count: upload and upload → stored times, each
// worker's CPU seconds and peak RSS (VmHWM), the Redis bytes the submission's jobs hold after it is
// stored, and the load average; the web process's CPU seconds and peak RSS. Bars: peak RSS per
// worker under 600 MiB, Redis under 1 MB per submission.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createApiToken, createTeam, createUser, setTaskStatus, setUpTask } from "@hierboard/platform";
import { scoringJobId, type ScoringJobData } from "@hierboard/queue";
import { type BenchWebServer, startBenchWebServer } from "./bench-web-server.ts";
import { lshtcTask } from "./lshtc-task.ts";
import { postFile, type UploadAnswer } from "./multipart-upload.ts";
import { cpuSecondsOf, createHarness, peakRssMiBOf, REDIS_URL, redisBytesOf, startWorker, waitScored } from "./pipeline-harness.ts";

const NODES = Number(process.env.BENCH_NODES ?? 325_000);
const DOCUMENTS = Number(process.env.BENCH_PIPELINE_DOCUMENTS ?? 1_000_000);
const SHARD = process.env.BENCH_SHARD_DOCUMENTS ?? "50000";
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);
// Node options of the workers (e.g. a V8 heap limit, --max-old-space-size=…); none by default.
const WORKER_NODE_OPTIONS = process.env.BENCH_WORKER_NODE_OPTIONS ?? "";
const RSS_BAR_MIB = 600;
const REDIS_BAR_BYTES = 1_000_000;
const fmt = (n: number) => Math.round(n).toLocaleString("en");
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${cpus().length} cores`;
const selfCpu = () => {
  const u = process.resourceUsage();
  return `${((u.userCPUTime + u.systemCPUTime) / 1e6).toFixed(1)} CPU s, peak RSS ${fmt(u.maxRSS / 1024)} MiB`;
};

const files = await lshtcTask(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "hb-bench"), NODES, DOCUMENTS);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const goldBytes = statSync(files.gold).size;
const predBytes = statSync(files.pred).size;
// The web's upload limit (UPLOAD_LIMIT_MB, default 50, at most 2048) must take the larger file.
const uploadLimitMb = Math.max(50, Math.ceil(Math.max(goldBytes, predBytes) / 2 ** 20) + 1);
const webUsage = (web: BenchWebServer, sinceCpu: number) =>
  `web process ${web.pid}: ${(cpuSecondsOf(web.pid) - sinceCpu).toFixed(1)} CPU s, peak RSS ${fmt(peakRssMiBOf(web.pid))} MiB`;
/** The answer if it is 201, else an error naming it. */
const created = (what: string, answer: UploadAnswer) => {
  if (answer.status !== 201) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 2000)}`);
  return answer;
};
const h = await createHarness();
let web: BenchWebServer | undefined;
const misses: string[] = [];
try {
  web = await startBenchWebServer(h.database.url, {
    REDIS_URL,
    HIERBOARD_QUEUE_PREFIX: h.prefix,
    UPLOAD_LIMIT_MB: String(uploadLimitMb),
    LOG_LEVEL: "warn",
  });
  const org = await createUser({ name: "Org", email: "org@scale.test", password: "organiser-pass", role: "ORGANISER" }, h.ctx);
  const member = await createUser({ name: "Team", email: "team@scale.test", password: "participant-pass" }, h.ctx);
  const slug = "lshtc-scale";
  let t = performance.now();
  const { taxonomy } = await setUpTask(
    {
      organiserId: org.id,
      slug,
      title: "LSHTC-scale bench",
      taxonomy: { fileName: "taxonomy.tsv", content: new Uint8Array(readFileSync(files.taxonomy)) },
      subtasks: [
        {
          key: "all",
          name: "All",
          measuresShown: ["flat.micro.f1", "hc.f1"],
          primaryMeasure: "hc.f1",
          missingDocuments: "empty",
        },
      ],
    },
    h.ctx,
  );
  console.log(
    `LSHTC scale: ${fmt(taxonomy.nodeCount)} classes, ${fmt(DOCUMENTS)} documents, shards of ${fmt(Number(SHARD))}` +
      `\n  task set up (taxonomy, subtask, phase; in this process): ${seconds(t)} s; web app at ${web.url}, upload limit ${uploadLimitMb} MiB`,
  );
  const organiserToken = (await createApiToken({ userId: org.id, name: "bench gold" }, h.ctx)).token;
  const webCpuAtStart = cpuSecondsOf(web.pid);
  const gold = created(
    "gold upload",
    await postFile(`${web.url}/api/tasks/${slug}/phases/test/gold`, { token: organiserToken, file: files.gold }),
  );
  console.log(
    `  gold over HTTP (${mib(goldBytes)} MiB, ${fmt((gold.body as { documents: number }).documents)} documents; streamed, ` +
      `validated in the web's engine thread and stored): ${gold.seconds.toFixed(1)} s; ${load()}\n    ${webUsage(web, webCpuAtStart)}`,
  );
  await setTaskStatus({ userId: org.id, slug, status: "PUBLISHED" }, h.ctx);
  await createTeam({ userId: member.id, slug, name: "bench" }, h.ctx);
  const teamToken = (await createApiToken({ userId: member.id, name: "bench predictions" }, h.ctx)).token;
  let reference: string | undefined;

  for (const n of WORKERS) {
    const workers = await Promise.all(
      Array.from({ length: n }, () =>
        startWorker(h, { WORKER_CONCURRENCY: "1", WORKER_SHARD_DOCUMENTS: SHARD, NODE_OPTIONS: WORKER_NODE_OPTIONS }),
      ),
    );
    try {
      t = performance.now();
      const webCpu = cpuSecondsOf(web.pid);
      const answer = created(
        `prediction upload (${n} workers)`,
        await postFile(`${web.url}/api/tasks/${slug}/submissions`, {
          token: teamToken,
          file: files.pred,
          fields: { subtask: "all", phase: "test" },
        }),
      );
      const { id } = (answer.body as { submission: { id: string } }).submission;
      const upload = answer.seconds.toFixed(1);
      const webAfterUpload = webUsage(web, webCpu);
      const scoringFrom = performance.now();
      try {
        await Promise.race([waitScored(h, [id], Number(process.env.BENCH_TIMEOUT_MS ?? 3_600_000)), ...workers.map((w) => w.died)]);
      } catch (error) {
        for (const w of workers) console.error(`--- worker ${w.child.pid}\n${w.output().split("\n").slice(-15).join("\n")}`);
        throw error;
      }
      const scoring = seconds(scoringFrom);
      const job = await h.queue.getJob(scoringJobId(id));
      const shards = (job?.data as ScoringJobData | undefined)?.plan?.shards.length ?? 1;
      const redis = await redisBytesOf(h, id);
      const rows = await h.ctx.db.score.findMany({
        where: { submissionId: id },
        orderBy: { measure: "asc" },
        select: { measure: true, value: true },
      });
      const values = JSON.stringify(rows);
      if (reference !== undefined && values !== reference) misses.push(`${n} workers stored other scores than ${WORKERS[0]}`);
      reference ??= values;
      for (const w of workers) writeFileSync(path.join(files.dir, `worker-${n}-${w.child.pid}.log`), w.output());
      const perWorker = workers.map((w) => {
        const merged = w.output().includes(`${scoringJobId(id)}: sharded`) ? " (ran the merge)" : "";
        return {
          rss: w.peakRssMiB(),
          text: `pid ${w.child.pid}: ${w.cpuSeconds().toFixed(1)} CPU s, peak RSS ${fmt(w.peakRssMiB())} MiB${merged}`,
        };
      });
      const peak = Math.max(...perWorker.map((w) => w.rss));
      if (peak >= RSS_BAR_MIB) misses.push(`${n} workers: peak RSS ${fmt(peak)} MiB ≥ ${RSS_BAR_MIB} MiB`);
      if (redis >= REDIS_BAR_BYTES) misses.push(`${n} workers: Redis ${fmt(redis)} bytes ≥ ${fmt(REDIS_BAR_BYTES)}`);
      console.log(
        `  ${n} worker process${n === 1 ? "" : "es"}: upload over HTTP (${mib(predBytes)} MiB) ${upload} s, upload → stored ${seconds(t)} s (scoring ${scoring} s, ${shards} shards, ${rows.length} scores); ` +
          `Redis after storing: ${fmt(redis)} bytes; ${load()}\n    ${webAfterUpload} (the upload)\n` +
          perWorker.map((w) => `    ${w.text}`).join("\n"),
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }
  console.log(`  worker logs (each job's memory when it ended): ${files.dir}/worker-*.log`);
  console.log(
    `  ${webUsage(web, webCpuAtStart)} (from the gold upload to the end; since it started: ${cpuSecondsOf(web.pid).toFixed(1)} CPU s)`,
  );
  console.log(`  bench process (task set-up, streaming the files): ${selfCpu()}`);
  console.log(
    misses.length ? `MISSED: ${misses.join("; ")}` : `bars held: every worker under ${RSS_BAR_MIB} MiB, Redis under 1 MB per submission`,
  );
} finally {
  await web?.stop();
  await h.close();
}
if (misses.length) process.exitCode = 1;
