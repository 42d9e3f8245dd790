// `pnpm --filter @hierboard/cli bench:help`: how fast `node dist/bin.mjs --help` answers (the
// bundled CLI of the worker image; run `pnpm --filter @hierboard/cli build` first). Median of 5.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../dist/bin.mjs", import.meta.url));
if (!existsSync(bin)) throw new Error(`expected the bundled CLI at ${bin}: run pnpm --filter @hierboard/cli build first`);
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, [bin, "--help"], { stdio: "ignore" });
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
}
times.sort((a, b) => a - b);
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(", ");
console.log(
  `node dist/bin.mjs --help: median ${times[2]!.toFixed(0)} ms of 5 (${times.map((t) => t.toFixed(0)).join(", ")}); load average ${load}`,
);
