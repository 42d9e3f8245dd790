// The worker pipeline on GermEval-size submissions (4,157 documents, subtask B, every measure
// family): upload (createSubmission: validate, store, enqueue) → worker process → scores stored.
// 1) latency: 100 submissions one after another, time from the upload call to finishedAt;
// 2) throughput: 100 submissions uploaded at once, scored by one worker process.
import { readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { createSubmission, createUser, setUpTask } from "@hierboard/platform";
import { createHarness, percentile, startWorker, waitScored } from "./pipeline-harness.ts";

const dataDir = path.join(process.env.HIERBOARD_SHARED ?? "/work/shared", "data/germeval2019");
const COUNT = Number(process.env.BENCH_SUBMISSIONS ?? 100);
const CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? "1";
const read = (...parts: string[]) => new Uint8Array(readFileSync(path.join(dataDir, ...parts)));

const h = await createHarness();
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
try {
  const org = await createUser({ name: "Org", email: "org@bench.test", password: "organiser-pass", role: "ORGANISER" }, h.ctx);
  const team = await createUser({ name: "Team", email: "team@bench.test", password: "participant-pass" }, h.ctx);
  const slug = "germeval-bench";
  await setUpTask(
    {
      organiserId: org.id,
      slug,
      title: "GermEval bench",
      taxonomy: { fileName: "hierarchy.txt", content: read("hierarchy.txt") },
      subtasks: [
        {
          key: "b",
          name: "B",
          section: "b",
          measuresShown: ["flat.micro.f1", "hc.f1"],
          primaryMeasure: "flat.micro.f1",
          missingDocuments: "empty",
        },
      ],
      gold: { fileName: "blurbs_test_label.txt", content: read("blurbs_test_label.txt") },
      teams: [{ userId: team.id, name: "bench" }],
    },
    h.ctx,
  );
  const files = readdirSync(path.join(dataDir, "submissions"))
    .filter((f) => f.endsWith(".txt"))
    .sort();
  // Only the files with a subtask B section (some teams submitted A only).
  const contents = files
    .map((f) => ({ fileName: f, content: read("submissions", f) }))
    .filter((f) => Buffer.from(f.content).includes("subtask_b"));
  const upload = (i: number) =>
    createSubmission({ userId: team.id, slug, subtaskKey: "b", phaseKey: "test", ...contents[i % contents.length]! }, h.ctx);

  worker = await startWorker(h, { WORKER_CONCURRENCY: CONCURRENCY });
  console.log(
    `GermEval pipeline: subtask B (4,157 documents, every measure family), ${contents.length} distinct submission files with a B section, 1 worker process (concurrency ${CONCURRENCY})`,
  );
  // Warm-up: the worker's first job parses the taxonomy and gold (then cached by hash).
  const warm = await upload(0);
  await waitScored(h, [warm.id], 120_000);

  const latencies: number[] = [];
  const started = Date.now();
  for (let i = 0; i < COUNT; i++) {
    const t0 = new Date();
    const { id } = await upload(i);
    await waitScored(h, [id], 120_000);
    const row = await h.ctx.db.submission.findUniqueOrThrow({ where: { id }, select: { finishedAt: true } });
    latencies.push(row.finishedAt!.getTime() - t0.getTime());
  }
  const sequentialS = (Date.now() - started) / 1000;
  console.log(
    `  latency, upload → scores stored (${COUNT} one at a time): p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, max ${Math.max(...latencies)} ms (${sequentialS.toFixed(1)} s in all)`,
  );

  const burstStart = Date.now();
  const ids: string[] = [];
  for (let i = 0; i < COUNT; i++) ids.push((await upload(i)).id);
  const uploadedS = (Date.now() - burstStart) / 1000;
  await waitScored(h, ids, 600_000);
  const burstS = (Date.now() - burstStart) / 1000;
  const finished = await h.ctx.db.submission.findMany({ where: { id: { in: ids } }, select: { createdAt: true, finishedAt: true } });
  const waits = finished.map((r) => r.finishedAt!.getTime() - r.createdAt.getTime());
  console.log(
    `  throughput: ${COUNT} uploaded at once (uploads took ${uploadedS.toFixed(1)} s), all scored after ${burstS.toFixed(1)} s → ${((COUNT / burstS) * 60).toFixed(0)} submissions/minute for this worker; upload → stored under that backlog p50 ${percentile(waits, 50)} ms, p95 ${percentile(waits, 95)} ms`,
  );
  console.log(
    `  worker peak RSS ${worker.peakRssMiB().toFixed(0)} MiB; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${cpus().length} cores`,
  );
} finally {
  await worker?.stop();
  await h.close();
}
