// Exits with the process that started us: polls whether `parentPid` is still our parent (a dead
// parent's children are re-parented, so the ppid changes) and whether it is alive.
export function watchParent(parentPid: number, onGone: () => void, intervalMs = 1000): NodeJS.Timeout {
  const timer = setInterval(() => {
    let alive = process.ppid === parentPid;
    if (alive) {
      try {
        process.kill(parentPid, 0);
      } catch {
        alive = false;
      }
    }
    if (!alive) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return timer;
}
