import { readFileSync } from "node:fs";

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

/**
 * CPU seconds (user + system) of this process's finished, waited-for children, from Linux's
 * `/proc/self/stat` (cutime and cstime): a spawnSync'ed command's cost is the difference around it.
 */
export function childCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cutime = Number(fields[16 - 3]);
  const cstime = Number(fields[17 - 3]);
  return (cutime + cstime) / CLOCK_TICKS_PER_SECOND;
}
