// The code-quality gate's boundaries: the worker reaches the database only through the
// platform, and no app imports another app (apps import packages only).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRepoFile, repoPath } from "./repo-files.ts";

const SKIPPED_DIRS = new Set(["node_modules", ".next", ".turbo", "dist", "coverage", "test-results", "playwright-report"]);

/** Every TypeScript/JavaScript source file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    return /\.(c|m)?(t|j)sx?$/.test(entry.name) ? [full] : [];
  });
}

/** The module specifiers of a file's static and dynamic imports, exports and requires. */
function importSpecifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\b(?:import|require)\s*\(\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

const appsDir = repoPath("apps");
const apps = readdirSync(appsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appPackageNames = new Map(apps.map((app) => [JSON.parse(readRepoFile("apps", app, "package.json")).name as string, app]));

/** "<app>: <file> imports <specifier>" for each import of another app by package name or by path. */
function crossAppImports(app: string): string[] {
  const own = path.join(appsDir, app);
  const found: string[] = [];
  for (const file of sourceFiles(own)) {
    for (const specifier of importSpecifiers(readFileSync(file, "utf8"))) {
      const byName = [...appPackageNames].find(
        ([name, other]) => other !== app && (specifier === name || specifier.startsWith(`${name}/`)),
      );
      const resolved = specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : undefined;
      const byPath = resolved?.startsWith(appsDir + path.sep) && !resolved.startsWith(own + path.sep) && resolved !== own;
      if (byName || byPath) found.push(`${app}: ${path.relative(appsDir, file)} imports ${specifier}`);
    }
  }
  const manifest = JSON.parse(readRepoFile("apps", app, "package.json")) as Record<string, Record<string, string> | undefined>;
  for (const field of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"]) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      const other = appPackageNames.get(name);
      if (other && other !== app) found.push(`${app}: package.json ${field} has ${name} (apps/${other})`);
    }
  }
  return found;
}

describe("boundaries", () => {
  it("finds imports the way the checks below need (a probe of the scanner itself)", () => {
    const probe = `import type { Db } from "@hierboard/db";\nexport { x } from "@prisma/client";\nconst m = await import("../../web/src/a.ts");\nimport "@hierboard/launcher/side";`;
    expect(importSpecifiers(probe)).toEqual(["@hierboard/db", "@prisma/client", "@hierboard/launcher/side", "../../web/src/a.ts"]);
  });

  it("apps/worker/src imports neither @hierboard/db nor Prisma: it reaches the database through the platform", () => {
    const offenders = sourceFiles(repoPath("apps/worker/src")).flatMap((file) =>
      importSpecifiers(readFileSync(file, "utf8"))
        .filter((s) => s === "@hierboard/db" || s.startsWith("@hierboard/db/") || s.startsWith("@prisma/") || s === "prisma")
        .map((s) => `${path.relative(repoPath(), file)} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it("no app imports another app, by package name, by path or as a dependency", () => {
    expect(apps.length).toBeGreaterThan(1);
    expect(apps.flatMap(crossAppImports)).toEqual([]);
  });
});
