// Compiles a LaTeX table export inside a minimal article with pdflatex (Debian's
// texlive-latex-recommended), for tests that prove the export is valid LaTeX.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The pdflatex on the PATH, or null; tests skip with this reason when it is missing outside CI. */
export function pdflatexPath(): string | null {
  // biome-ignore lint/style/noProcessEnv: a test helper searching the PATH, as a shell would
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "pdflatex");
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export const PDFLATEX_MISSING = "pdflatex is not installed (apt-get install texlive-latex-recommended; .ci/run installs it)";

/**
 * Writes `table` into a one-page article with booktabs and T1 fonts, runs pdflatex in a temporary
 * folder (halting on the first error) and returns the PDF's path and the log. Rejects with the
 * log's error lines when the document does not compile.
 */
export async function compileLatexTable(
  table: string,
  opts: { landscape?: boolean } = {},
): Promise<{ pdf: string; log: string; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "hierboard-latex-"));
  const geometry = `\\usepackage[a4paper,margin=1.5cm${opts.landscape ? ",landscape" : ""}]{geometry}`;
  const document = [
    "\\documentclass{article}",
    "\\usepackage[T1]{fontenc}",
    "\\usepackage{booktabs}",
    geometry,
    "\\begin{document}",
    table,
    "\\end{document}",
    "",
  ].join("\n");
  await writeFile(path.join(dir, "table.tex"), document);
  try {
    await run("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "table.tex"], { cwd: dir, timeout: 120_000 });
  } catch (error) {
    const log = await readFile(path.join(dir, "table.log"), "utf8").catch(() => "");
    const errors = log.split("\n").filter((l) => l.startsWith("!") || l.startsWith("l."));
    throw new Error(`pdflatex failed in ${dir}: ${errors.join(" | ") || (error as Error).message}`);
  }
  return { pdf: path.join(dir, "table.pdf"), log: await readFile(path.join(dir, "table.log"), "utf8"), dir };
}
