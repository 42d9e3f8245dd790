/** The process's memory now, for the log line of a finished scoring or shard job (scale benchmarks read it). */
export function memoryNow(): string {
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round(n / 2 ** 20);
  return `rss ${mib(m.rss)} MiB, heap ${mib(m.heapUsed)}/${mib(m.heapTotal)} MiB, external ${mib(m.external)} MiB`;
}
