import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { generateDemo } from "../generate-demo.ts";
import { writeDemoFiles } from "./write-demo-files.ts";

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

it("writes the taxonomy, the gold, teams.json and one submission per team", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "hierboard-demo-"));
  dirs.push(dir);
  const demo = generateDemo({ seed: 3, documents: 20 });
  const written = await writeDemoFiles(demo, dir);
  expect(written).toHaveLength(9);
  expect(await readFile(path.join(dir, "taxonomy.tsv"), "utf8")).toBe(demo.taxonomyTsv);
  expect(await readFile(path.join(dir, "gold.tsv"), "utf8")).toBe(demo.goldTsv);
  expect((await readdir(path.join(dir, "submissions"))).sort()).toEqual([
    "dodo.tsv",
    "heron.tsv",
    "kestrel.tsv",
    "magpie.tsv",
    "owl.jsonl",
    "swift.tsv",
  ]);
  expect(await readFile(path.join(dir, "submissions", "owl.jsonl"), "utf8")).toBe(demo.teams[5]!.content);
  const teams = JSON.parse(await readFile(path.join(dir, "teams.json"), "utf8")) as { name: string; content?: string }[];
  expect(teams.map((t) => t.name)).toEqual(demo.teams.map((t) => t.name));
  expect(teams.every((t) => t.content === undefined)).toBe(true);
});
