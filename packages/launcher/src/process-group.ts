// Child processes started in their own process group, and stopped as a group (the web server and
// tsx start grandchildren; killing the group leaves none behind).
import type { ChildProcess } from "node:child_process";

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** SIGTERM to the child's process group, then SIGKILL after `graceMs`; resolves when the child has exited. */
export async function stopProcessGroup(child: ChildProcess, opts: { graceMs?: number } = {}): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(pid, "SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), opts.graceMs ?? 10_000);
  });
  if ((await Promise.race([exited, killed])) === "timeout") {
    signalGroup(pid, "SIGKILL");
    await exited;
  }
  clearTimeout(timer);
  // Grandchildren that outlived the leader.
  signalGroup(pid, "SIGKILL");
}
