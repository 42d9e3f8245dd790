// The sharded pipeline at reduced LSHTC scale: the same 325k-class DAG, a smaller document count
// (default 100k), through upload → Postgres → Redis flow → 1, 2 and 4 worker processes → merged
// scores stored. For each process count: a cold submission (every worker loads the taxonomy and
// gold from Postgres first) and a warm one (cached by hash), and each worker's peak RSS.
import { readFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createSubmission, createUser, setUpTask } from "@hierboard/platform";
import { scoringJobId, type ScoringJobData } from "@hierboard/queue";
import { lshtcTask } from "./lshtc-task.ts";
import { createHarness, startWorker, waitScored } from "./pipeline-harness.ts";

const NODES = Number(process.env.BENCH_NODES ?? 325_000);
const DOCUMENTS = Number(process.env.BENCH_PIPELINE_DOCUMENTS ?? 100_000);
const SHARD = process.env.BENCH_SHARD_DOCUMENTS ?? "12500";
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);
const fmt = (n: number) => Math.round(n).toLocaleString("en");

const files = await lshtcTask(process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), "hb-bench"), NODES, DOCUMENTS);
const h = await createHarness();
try {
  const org = await createUser({ name: "Org", email: "org@scale.test", password: "organiser-pass", role: "ORGANISER" }, h.ctx);
  const team = await createUser({ name: "Team", email: "team@scale.test", password: "participant-pass" }, h.ctx);
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
          primaryDirection: "HIGHER",
          missingDocuments: "empty",
        },
      ],
      gold: { fileName: "gold.tsv", content: new Uint8Array(readFileSync(files.gold)) },
      teams: [{ userId: team.id, name: "bench" }],
    },
    h.ctx,
  );
  console.log(
    `Sharded pipeline: ${fmt(taxonomy.nodeCount)} classes, ${fmt(DOCUMENTS)} documents, shards of ${fmt(Number(SHARD))} (task set up in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );
  const pred = new Uint8Array(readFileSync(files.pred));

  for (const n of WORKERS) {
    const workers = await Promise.all(
      Array.from({ length: n }, () => startWorker(h, { WORKER_CONCURRENCY: "1", WORKER_SHARD_DOCUMENTS: SHARD })),
    );
    try {
      const times: string[] = [];
      for (const run of ["cold", "warm"]) {
        t = performance.now();
        const { id } = await createSubmission(
          { userId: team.id, slug, subtaskKey: "all", phaseKey: "test", fileName: "pred.tsv", content: pred },
          h.ctx,
        );
        const uploaded = performance.now();
        try {
          await waitScored(h, [id], Number(process.env.BENCH_TIMEOUT_MS ?? 900_000));
        } catch (error) {
          for (const w of workers) console.error(`--- worker ${w.child.pid}\n${w.output().split("\n").slice(-15).join("\n")}`);
          throw error;
        }
        const s = (performance.now() - t) / 1000;
        const job = await h.queue.getJob(scoringJobId(id));
        const shards = (job?.data as ScoringJobData | undefined)?.plan?.shards.length ?? 1;
        times.push(
          `${run} ${s.toFixed(1)} s (upload ${((uploaded - t) / 1000).toFixed(1)} s, ${shards} shards, ${fmt(DOCUMENTS / s)} documents/s)`,
        );
      }
      console.log(
        `  ${n} worker process${n === 1 ? "" : "es"}: ${times.join("; ")}; peak RSS per worker ${workers.map((w) => `${fmt(w.peakRssMiB())} MiB`).join(", ")}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} on ${cpus().length} cores`,
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }
} finally {
  await h.close();
}
