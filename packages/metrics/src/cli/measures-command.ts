import { InputError } from "../errors/input-error.ts";
import { describeRange, glossaryEntry, glossaryMeasures } from "../glossary/measure-glossary.ts";
import type { CliIo } from "./cli-io.ts";

export const MEASURES_USAGE = `hierboard measures [KEY] [--json]
  Lists every measure of the registry with its range, direction and a one-line definition,
  or, with a KEY (e.g. hc.f1), prints its definition, formula and source. The web glossary
  (/measures) shows the same texts.`;

/** The registry's measures in one line each: key, label, range and direction, short definition. */
export function measureList(): string {
  const measures = glossaryMeasures();
  const width = Math.max(...measures.map((m) => m.key.length));
  return measures.map((m) => `  ${m.key.padEnd(width)}  ${m.label} — ${describeRange(m)}. ${m.short}`).join("\n");
}

export async function runMeasures(argv: readonly string[], io: CliIo): Promise<void> {
  const json = argv.includes("--json");
  const keys = argv.filter((a) => a !== "--json");
  const unknownOption = keys.find((a) => a.startsWith("-"));
  if (unknownOption) throw new InputError("BAD_OPTION", `expected a measure key or --json, got ${JSON.stringify(unknownOption)}`);
  if (keys.length > 1) throw new InputError("BAD_OPTION", `expected at most one measure key, got ${keys.length}`);
  const [key] = keys;
  if (key === undefined) {
    io.out(json ? `${JSON.stringify(glossaryMeasures(), null, 2)}\n` : `Measures (${glossaryMeasures().length}):\n${measureList()}\n`);
    return;
  }
  const entry = glossaryEntry(key);
  if (!entry)
    throw new InputError("BAD_OPTION", `expected a measure key such as hc.f1 (see hierboard measures), got ${JSON.stringify(key)}`);
  if (json) {
    io.out(`${JSON.stringify(entry, null, 2)}\n`);
    return;
  }
  io.out(
    `${entry.label} (${entry.key})\n${describeRange(entry)}\n\n${entry.definition}\n\nFormula (TeX): ${entry.formula}\nSource: ${entry.source}\n`,
  );
}
