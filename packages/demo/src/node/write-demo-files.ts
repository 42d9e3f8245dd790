import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_FILES, type DemoData } from "../generate-demo.ts";

/**
 * Writes a generated demo into a folder: `taxonomy.tsv`, `gold.tsv`,
 * `teams.json` (names, behaviours, descriptions, file names) and
 * `submissions/<team file>`. Returns the paths written.
 */
export async function writeDemoFiles(demo: DemoData, dir: string): Promise<string[]> {
  const submissions = path.join(dir, "submissions");
  await mkdir(submissions, { recursive: true });
  const files: [string, string][] = [
    [path.join(dir, DEMO_FILES.taxonomy), demo.taxonomyTsv],
    [path.join(dir, DEMO_FILES.gold), demo.goldTsv],
    [
      path.join(dir, "teams.json"),
      `${JSON.stringify(
        demo.teams.map(({ content: _, ...team }) => team),
        null,
        2,
      )}\n`,
    ],
    ...demo.teams.map((team): [string, string] => [path.join(submissions, team.fileName), team.content]),
  ];
  for (const [file, text] of files) await writeFile(file, text, "utf8");
  return files.map(([file]) => file);
}
