// The launcher's reaper: a small detached process that watches the launcher's pid and, if the
// launcher dies without shutting down (SIGKILL, the OOM killer), stops everything it started.
// It exits on its own once the launcher has removed its run.json (a clean shutdown).
// Usage: node --import tsx reaper.ts <launcherPid> <dataDir>
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { isAlive } from "./process-identity.ts";
import { readRunInfo } from "./run-file.ts";
import { stopStaleRun } from "./stop-stale-run.ts";

const launcher = Number(process.argv[2]);
const dataDir = process.argv[3];
if (!Number.isInteger(launcher) || !dataDir) {
  console.error("usage: reaper.ts <launcherPid> <dataDir>");
  process.exit(2);
}
// Its output goes nowhere (stdio ignored); a closed terminal must not stop it.
process.on("SIGHUP", () => {});
process.on("SIGINT", () => {});

for (;;) {
  await new Promise((r) => setTimeout(r, 500));
  const info = await readRunInfo(dataDir);
  if (!info || info.launcher !== launcher) process.exit(0);
  if (!isAlive(launcher)) {
    // Its own log, since nothing else is left to tell: <dataDir>/reaper.log.
    const log = (line: string) => appendFile(path.join(dataDir, "reaper.log"), `${new Date().toISOString()} ${line}\n`).catch(() => {});
    await log(`the launcher (pid ${launcher}) died without stopping what it started`);
    await stopStaleRun(dataDir, (line) => void log(line));
    process.exit(0);
  }
}
