// `pnpm --filter @hierboard/demo generate <dir> [--seed N] [--documents N]`: writes the demo files
// and prints each team's ranks under the measures the demo is built to pull apart.
import path from "node:path";
import { parseArgs } from "node:util";
import { generateDemo } from "../generate-demo.ts";
import { writeDemoFiles } from "../node/write-demo-files.ts";
import { scoreDemo } from "../score-demo.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: "string" }, documents: { type: "string" } },
});
const [target] = positionals;
if (target === undefined || positionals.length > 1) {
  console.error("usage: pnpm --filter @hierboard/demo generate <dir> [--seed N] [--documents N]");
  process.exit(2);
}
const seed = values.seed === undefined ? undefined : positiveInteger("--seed", values.seed, 0);
const documents = values.documents === undefined ? undefined : positiveInteger("--documents", values.documents, 1);

// pnpm --filter runs scripts inside the package folder; resolve against where the user typed it.
// biome-ignore lint/style/noProcessEnv: INIT_CWD is where pnpm was invoked (a path, not configuration); to move into an env module with the env consolidation
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
const demo = generateDemo({ seed, documents });
const written = await writeDemoFiles(demo, dir);
console.log(`wrote ${written.length} files to ${dir} (seed ${demo.seed}, ${demo.documents} documents)`);

const scores = scoreDemo(demo);
console.log(["team", ...scores.measures.map((m) => `${m} (rank)`)].join("\t"));
for (const row of scores.rows) {
  console.log([row.team, ...row.values.map((v, i) => `${v.toFixed(4)} (${row.ranks[i]})`)].join("\t"));
}

function positiveInteger(flag: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${flag}: expected an integer ≥ ${min}, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}
