import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundle } from "./bundle.ts";

// A package whose dependencies include the native argon2 (the platform): the bundle must run from
// a folder with no node_modules above it, as in the worker image.
const platformDir = fileURLToPath(new URL("../../../packages/platform", import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), "hierboard-bundle-"));
const sourceDir = path.join(platformDir, `.bundle-test-${process.pid}`);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(sourceDir, { recursive: true, force: true });
});

describe("hierboard-bundle", () => {
  it("builds entries that run without node_modules, with shared chunks and the native argon2 beside them", async () => {
    mkdirSync(sourceDir);
    writeFileSync(path.join(sourceDir, "shared.ts"), `export const greeting: string = "hello";\n`);
    writeFileSync(
      path.join(sourceDir, "hash.ts"),
      `import { hash } from "@node-rs/argon2";\n` +
        `import { greeting } from "./shared.ts";\nconst { later } = await import("./later.ts");\n` +
        `console.log(greeting, later, (await hash("pw")).startsWith("$argon2"));\n`,
    );
    writeFileSync(path.join(sourceDir, "later.ts"), `export const later = "loaded";\n`);
    writeFileSync(path.join(sourceDir, "other.ts"), `import { greeting } from "./shared.ts";\nconsole.log(greeting.toUpperCase());\n`);

    const built = path.join(sourceDir, "dist");
    await bundle({ packageDir: sourceDir, entries: ["hash.ts", "other.ts"], outDir: built });
    cpSync(built, path.join(work, "dist"), { recursive: true });

    expect(execFileSync(process.execPath, [path.join(work, "dist", "hash.mjs")], { cwd: work, encoding: "utf8" }).trim()).toBe(
      "hello loaded true",
    );
    expect(execFileSync(process.execPath, [path.join(work, "dist", "other.mjs")], { cwd: work, encoding: "utf8" }).trim()).toBe("HELLO");
  }, 60_000);

  it("builds an entry that runs a piscina thread without node_modules (piscina starts threads from a file of its own)", async () => {
    const dir = path.join(sourceDir, "threads");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "pool.ts"),
      `import { Piscina } from "piscina";\n` +
        `const pool = new Piscina({ filename: new URL("./double.mjs", import.meta.url).href });\n` +
        `console.log(await pool.run(21));\nawait pool.destroy();\n`,
    );
    const built = path.join(dir, "dist");
    await bundle({ packageDir: sourceDir, entries: ["threads/pool.ts"], outDir: built });
    const target = path.join(work, "threads-dist");
    cpSync(built, target, { recursive: true });
    writeFileSync(path.join(target, "double.mjs"), "export default (n) => n * 2;\n");

    expect(execFileSync(process.execPath, [path.join(target, "pool.mjs")], { cwd: work, encoding: "utf8" }).trim()).toBe("42");
  }, 60_000);

  it("refuses an entry that does not exist, naming it", async () => {
    await expect(bundle({ packageDir: work, entries: ["missing.ts"], outDir: path.join(work, "none") })).rejects.toThrow(/missing\.ts/);
  });
});
