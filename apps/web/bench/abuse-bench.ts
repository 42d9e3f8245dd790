// `pnpm bench:abuse` (root): the bar of issue 24, measured (a benchmark that prints numbers, not a
// timed test): `/api/health` under 1 s at p95 while
//   1. a participant uploads a 400 KiB zip bomb (one entry declaring 10 bytes, holding 400 MiB) to
//      the bundle import (the server action of /organise, called as the page's form calls it),
//      five times in a row; the same zip from an organiser, who gets past the role check and
//      inflates it up to the 256 MiB limit, is measured too;
//   2. a valid 40 MB prediction file is uploaded to the submissions API (as many labels per line as
//      the labels-per-document limit accepts); the issue's file (2,000 lines of one label repeated
//      2,000 times) is measured too, refused by that limit.
// Needs ../shared/data/germeval2019 (or $HIERBOARD_SHARED/data/germeval2019). A fresh database,
// `hierboard import-germeval` (no worker: uploads stay queued, so only the web is measured), then a
// fresh production web server (.next-bench). Every figure is printed as soon as it is measured.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@hierboard/db/testing";
import { createApiToken, createPhase, createPlatformContext, createTeam, createUser, uploadGold } from "@hierboard/platform";
import { zipSync } from "fflate";

import { pollHealth } from "./health-poller.ts";
import { BENCH_DIST_DIR, startWebServer, summarise, webDir } from "./web-server.ts";

const repoRoot = path.join(webDir, "..", "..");
/** React's encoder of server-action arguments, as Next.js bundles it for the browser (untyped there). */
const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-webpack/client.edge.js") as {
  encodeReply: (value: unknown) => Promise<FormData | string>;
};
const shared = process.env.HIERBOARD_SHARED ?? path.join(repoRoot, "..", "shared");
const germeval = path.join(shared, "data", "germeval2019");
const PORT = Number(process.env.PORT ?? 3200);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const MB = 1024 * 1024;
const ms = (x: number) => Math.round(x * 10) / 10;
const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, ms(v)]));

if (!existsSync(germeval)) {
  console.log(`bench:abuse skipped: ${germeval} is absent (the GermEval 2019 data is licensed and not in the repository)`);
  process.exit(0);
}

const results: Record<string, unknown> = new Proxy({} as Record<string, unknown>, {
  set(target, key, value) {
    target[key as string] = value;
    console.log(`[bench:abuse] ${String(key)}: ${JSON.stringify(value)}`);
    return true;
  },
});

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

/** Runs `attack` while /api/health is polled every 50 ms; its answer, its time and the health latencies. */
async function underHealthPolls<T>(url: string, attack: () => Promise<T>) {
  const running = timed(attack);
  const health = await pollHealth(url, running);
  const [attackMs, answer] = await running;
  const latencies = summarise(health);
  return { answer, attackMs: ms(attackMs), healthMs: round(latencies), healthP95Under1s: latencies.p95 < 1000 };
}

/** A zip of one `task.yaml` holding `size` zero bytes whose headers declare 10 bytes. */
function lyingZipBomb(size: number): Uint8Array {
  const zip = zipSync({ "task.yaml": new Uint8Array(size) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, 10, true); // local file header: uncompressed size
  for (let at = 0; at < zip.byteLength - 4; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 10, true); // central directory entry
  return zip;
}

/** A session cookie, signed in through next-auth's credentials endpoint as a script would. */
async function signIn(url: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const jar = new Map(csrf.headers.getSetCookie().map((c) => c.split(";")[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const answer = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  for (const c of answer.headers.getSetCookie()) {
    const [k, v] = c.split(";")[0]!.split(/=(.*)/s) as [string, string];
    jar.set(k, v);
  }
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`signing in as ${email} failed (${answer.status})`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/**
 * The id of the bundle import's server action in the build (its server-reference manifest), which a
 * browser sends as `Next-Action` when the /organise form is submitted.
 */
function importActionId(): string {
  const manifest = JSON.parse(readFileSync(path.join(webDir, BENCH_DIST_DIR, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const id = Object.entries(manifest.node).find(
    ([, action]) => action.exportedName === "importBundleAction" && action.filename?.endsWith("organise/actions.ts"),
  )?.[0];
  if (!id) throw new Error("importBundleAction is not in the build's server-reference manifest");
  return id;
}

async function main(): Promise<void> {
  Object.assign(results, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadavg().map(ms),
  });
  const database = await createTestDatabase();
  const prefix = `hierboard-abuse-${process.pid}`;
  const env = { DATABASE_URL: database.url, REDIS_URL, HIERBOARD_QUEUE_PREFIX: prefix };
  const children: ChildProcess[] = [];
  try {
    const importer = spawn("pnpm", ["--silent", "hierboard", "import-germeval", germeval], {
      cwd: repoRoot,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, ...env },
    });
    children.push(importer);
    const code = await new Promise<number>((resolve) => importer.once("exit", (c) => resolve(c ?? 1)));
    if (code !== 0) throw new Error(`import-germeval exited with ${code}`);

    const ctx = createPlatformContext({ databaseUrl: database.url, redisUrl: REDIS_URL, queuePrefix: prefix });
    const task = await ctx.db.task.findFirstOrThrow({ select: { slug: true, id: true } });
    const owner = await ctx.db.taskOwner.findFirstOrThrow({ where: { taskId: task.id }, select: { userId: true } });
    const now = Date.now();
    await createPhase(
      {
        userId: owner.userId,
        slug: task.slug,
        key: "abuse",
        name: "Abuse",
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 3_600_000),
      },
      ctx,
    );
    const goldText = readFileSync(path.join(germeval, "blurbs_test_label.txt"));
    await uploadGold(
      { userId: owner.userId, slug: task.slug, phaseKey: "abuse", fileName: "blurbs_test_label.txt", content: goldText },
      ctx,
    );
    const password = "bench-abuse-password-1";
    await createUser({ name: "Olga Organiser", email: "olga@abuse.test", password, role: "ORGANISER" }, ctx);
    const mallory = await createUser({ name: "Mallory", email: "mallory@abuse.test", password }, ctx);
    await createTeam({ userId: mallory.id, slug: task.slug, name: "Team Mallory" }, ctx);
    const { token } = await createApiToken({ userId: mallory.id, name: "bench" }, ctx);
    const subtask = await ctx.db.subtask.findFirstOrThrow({ where: { taskId: task.id, key: "b" }, select: { maxLabelsPerDocument: true } });

    const bomb = lyingZipBomb(400 * MB);
    results.zipBomb = { zipBytes: bomb.byteLength, unpacksTo: 400 * MB, declares: 10 };

    const server = await startWebServer(database.url, { port: PORT, env: { HIERBOARD_QUEUE_PREFIX: prefix, REDIS_URL } });
    try {
      // 1. The zip bomb at the bundle import, as a participant (the bar) and as an organiser.
      const actionId = importActionId();
      const postBomb = async (cookie: string) => {
        // The action's arguments (previous state, the form) encoded by React's own client, as the page sends them.
        const fields = new FormData();
        fields.set("slug", "");
        fields.set("file", new File([bomb as Uint8Array<ArrayBuffer>], "bundle.zip", { type: "application/zip" }));
        const form = await encodeReply([null, fields]);
        const response = await fetch(`${server.url}/organise`, {
          method: "POST",
          body: form,
          headers: { cookie, origin: server.url, "next-action": actionId, accept: "text/x-component" },
        });
        const html = await response.text();
        const message = /(Only organisers can create tasks\.|[^<>]*(?:unpack|larger than|limit)[^<>]*)/i.exec(html)?.[0] ?? null;
        return { status: response.status, message, body: message ? undefined : html.slice(0, 400) };
      };
      // A server that has served the import once (its first call loads the page's modules, 1.6 s
      // here, whatever the body): an organiser's import of a file that is not a zip.
      const organiserCookie = await signIn(server.url, "olga@abuse.test", password);
      await fetch(`${server.url}/organise`, { headers: { cookie: organiserCookie } });
      const warmUp = new FormData();
      warmUp.set("slug", "");
      warmUp.set("file", new File(["not a zip"], "bundle.zip"));
      await fetch(`${server.url}/organise`, {
        method: "POST",
        body: await encodeReply([null, warmUp]),
        headers: { cookie: organiserCookie, origin: server.url, "next-action": actionId, accept: "text/x-component" },
      });
      const participantCookie = await signIn(server.url, "mallory@abuse.test", password);
      results.zipBombImportAsParticipant_5Times = await underHealthPolls(server.url, async () => {
        const answers = [];
        for (let i = 0; i < 5; i++) answers.push(await postBomb(participantCookie));
        return answers;
      });
      results.zipBombImportAsOrganiser = await underHealthPolls(server.url, () => postBomb(organiserCookie));

      // 2. Prediction files through the submissions API.
      const post = async (bytes: Uint8Array, fileName: string) => {
        const form = new FormData();
        form.set("subtask", "b");
        form.set("phase", "abuse");
        form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], fileName));
        const response = await fetch(`${server.url}/api/tasks/${task.slug}/submissions`, {
          method: "POST",
          body: form,
          headers: { authorization: `Bearer ${token}`, origin: server.url },
        });
        const body = (await response.json()) as { error?: { code: string; message: string }; submission?: { id: string } };
        return { status: response.status, code: body.error?.code, message: body.error?.message?.slice(0, 200), id: body.submission?.id };
      };
      const labels = [
        ...new Set(
          readFileSync(path.join(germeval, "hierarchy.txt"), "utf8")
            .split("\n")
            .flatMap((l) => l.split("\t"))
            .map((l) => l.trim())
            .filter(Boolean),
        ),
      ];
      const ids = [
        ...new Set(
          goldText
            .toString("utf8")
            .split("\n")
            .filter((l) => /^\S+\t/.test(l))
            .map((l) => l.split("\t")[0]!),
        ),
      ];
      const file = (lines: string[]) => new TextEncoder().encode(`subtask_b\n${lines.join("\n")}\n`);

      // The issue's file: 2,000 lines, each one label (the shortest) repeated 2,000 times.
      const shortest = labels.reduce((a, b) => (b.length < a.length ? b : a));
      const repeated = file(ids.slice(0, 2000).map((id) => `${id}\t${Array(2000).fill(shortest).join("\t")}`));
      results.issueFile = { bytes: repeated.byteLength, ...(await underHealthPolls(server.url, () => post(repeated, "repeated.txt"))) };

      // A 40 MB file the limits accept: every line at the labels-per-document limit, cycling through the labels.
      const perLine = Array.from({ length: subtask.maxLabelsPerDocument }, (_, i) => labels[i % labels.length]).join("\t");
      const lines: string[] = [];
      let bytes = 0;
      for (const id of ids) {
        if (bytes + id.length + perLine.length + 2 > 40 * MB) break;
        lines.push(`${id}\t${perLine}`);
        bytes += id.length + perLine.length + 2;
      }
      const valid = file(lines);
      results.valid40MbFile = {
        bytes: valid.byteLength,
        lines: lines.length,
        labelsPerLine: subtask.maxLabelsPerDocument,
        ...(await underHealthPolls(server.url, () => post(valid, "valid-40mb.txt"))),
      };
      results.loadAverageAtEnd = loadavg().map(ms);
    } finally {
      await server.stop();
      await ctx.close?.();
    }
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await database.drop();
  }
  console.log(JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
