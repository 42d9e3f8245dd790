import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

export type FixtureName =
  | "taxonomy.tsv"
  | "taxonomy-cycle.tsv"
  | "gold.tsv"
  | "pred-good.tsv"
  | "pred-perfect.tsv"
  | "pred-unknown-label.tsv"
  | "pred-unknown-id.tsv";

/** The bytes of one of the hand-written fixtures (see fixtures/README.md). */
export function fixture(name: FixtureName): Uint8Array {
  return new Uint8Array(readFileSync(path.join(dir, name)));
}

export function fixtureText(name: FixtureName): string {
  return readFileSync(path.join(dir, name), "utf8");
}
