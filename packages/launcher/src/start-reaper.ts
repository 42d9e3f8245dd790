// Starts the reaper (reaper.ts) for this process and a data folder: detached, so that it outlives
// a SIGKILL of this process and then stops what run.json lists.
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export function startReaper(dataDir: string): ChildProcess {
  const reaper = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("./reaper.ts", import.meta.url)), String(process.pid), dataDir],
    { detached: true, stdio: "ignore" },
  );
  reaper.unref();
  return reaper;
}
