// How the output lines of the web app and the worker reach the launcher's terminal. Both log JSON
// lines (pino); a person at a terminal reads them pretty-printed (pino-pretty, in this process),
// anything else (a pipe, a file, a log shipper) gets them as they are, one JSON object a line.
import type { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

// Loaded only for a terminal: the CLI bundles import the launcher, and production images leave
// pino-pretty (a development dependency) out.
const loadPinoPretty = () => createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");

export type LogFormat = "pretty" | "json";

/** Pretty for a terminal, JSON for anything else. */
export function logFormat(stdoutIsTerminal: boolean | undefined): LogFormat {
  return stdoutIsTerminal ? "pretty" : "json";
}

function isLogRecord(line: string): boolean {
  if (!line.startsWith("{")) return false;
  try {
    const record: unknown = JSON.parse(line);
    return typeof record === "object" && record !== null && "level" in record && "time" in record;
  } catch {
    return false;
  }
}

/**
 * One output line of the child `name` as the launcher prints it: a log record pretty-printed or
 * unchanged, by `format`; any other line (the framework's start-up lines, a stack trace) prefixed
 * with `[name]`.
 */
export function childLineFormatter(name: string, format: LogFormat): (line: string) => string {
  const pretty =
    format === "pretty"
      ? loadPinoPretty().prettyFactory({
          colorize: true,
          translateTime: "SYS:HH:MM:ss.l",
          ignore: "pid,hostname,service",
          singleLine: true,
        })
      : undefined;
  return (line) => {
    if (!isLogRecord(line)) return `[${name}] ${line}\n`;
    return pretty ? pretty(line) : `${line}\n`;
  };
}

/** Forwards the child's stdout and stderr line by line, formatted, to the launcher's own. */
export function forwardChildOutput(child: ChildProcess, name: string, format: LogFormat): void {
  const formatLine = childLineFormatter(name, format);
  const forward = (from: NodeJS.ReadableStream | null, to: NodeJS.WriteStream) => {
    if (!from) return;
    createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      if (line.trim()) to.write(formatLine(line));
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
}
