import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ApiError, problemLines } from "../src/api-client.ts";
import { main } from "../src/main.ts";
import type { Terminal } from "../src/terminal.ts";

function recorder(): Terminal & { out: (line: string) => void; lines: { out: string[]; err: string[] } } {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, out: (line) => lines.out.push(line), err: (line) => lines.err.push(line) };
}

/** A port that was free a moment ago and that nothing listens on: a request there is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = await closedPort();
const env = { HIERBOARD_CONFIG: "/nonexistent/config.json", HIERBOARD_URL: `http://127.0.0.1:${port}`, HIERBOARD_TOKEN: "hb_test" };

describe("the hierboard command line", () => {
  it("prints the usage for --help and exits 0, and 2 without a command", async () => {
    const help = recorder();
    expect(await main(["--help"], env, help)).toBe(0);
    expect(help.lines.out.join("\n")).toContain("hierboard submit FILE --task SLUG --subtask KEY --phase KEY");
    expect(await main([], env, recorder())).toBe(2);
  });

  it("names the commands it knows when given another", async () => {
    const terminal = recorder();
    expect(await main(["sumbit"], env, terminal)).toBe(2);
    expect(terminal.lines.err[0]).toBe(
      'hierboard: unknown command "sumbit"; expected one of submit, status, board, submissions, final-run',
    );
  });

  it("refuses submit without its flags or with an unreadable file, before any request", async () => {
    const missing = recorder();
    expect(await main(["submit", "/etc/hostname", "--task", "demo", "--phase", "test"], env, missing)).toBe(2);
    expect(missing.lines.err[0]).toMatch(/expected --subtask/);
    const unreadable = recorder();
    expect(await main(["submit", "/nonexistent/run.tsv", "--task", "demo", "--subtask", "full", "--phase", "test"], env, unreadable)).toBe(
      2,
    );
    expect(unreadable.lines.err[0]).toBe("hierboard: cannot read /nonexistent/run.tsv: ENOENT");
    const badTimeout = recorder();
    expect(
      await main(["submit", "/etc/hostname", "--task", "d", "--subtask", "s", "--phase", "p", "--timeout", "soon"], env, badTimeout),
    ).toBe(2);
    expect(badTimeout.lines.err[0]).toMatch(/expected --timeout to be a positive number of seconds, found "soon"/);
  });

  it("exits 1 and says where it tried when the server cannot be reached", async () => {
    const terminal = recorder();
    expect(await main(["status", "s1"], env, terminal)).toBe(1);
    expect(terminal.lines.err[0]).toBe(
      `error: cannot reach http://127.0.0.1:${port} (ECONNREFUSED); set HIERBOARD_URL to the server's address`,
    );
  });

  it("asks for a token before calling a route that needs one", async () => {
    const terminal = recorder();
    expect(await main(["submissions", "demo"], { ...env, HIERBOARD_TOKEN: "" }, terminal)).toBe(1);
    expect(terminal.lines.err[0]).toMatch(/no API token: create one on your profile page/);
  });
});

describe("problemLines", () => {
  it("prints a refused file's issues with their line numbers, then the hint", () => {
    const error = new ApiError(
      422,
      "INVALID_FILE",
      "run.tsv has 2 problems",
      [
        { message: "unknown document d9", line: 3, file: "run.tsv" },
        { message: "expected 2 tab-separated fields, found 1", line: 7 },
        { message: "Required", field: "phase" },
      ],
      "The file looks comma-separated.",
    );
    expect(problemLines(error)).toEqual([
      "error: run.tsv has 2 problems (422 INVALID_FILE)",
      "  run.tsv:3: unknown document d9",
      "  line 7: expected 2 tab-separated fields, found 1",
      "  phase: Required",
      "hint: The file looks comma-separated.",
    ]);
  });
});
