import { InputError } from "../errors/input-error.ts";

/** A command's options: `--name value` pairs (repeatable) and `--flag` booleans. */
export interface ParsedArgs {
  readonly values: ReadonlyMap<string, readonly string[]>;
  readonly flags: ReadonlySet<string>;
}

/**
 * Parses `--name value` and `--flag` arguments against the names a command
 * accepts; anything else is a usage error that names what was expected.
 */
export function parseArgs(argv: readonly string[], spec: { values: readonly string[]; flags: readonly string[] }): ParsedArgs {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") ? arg.slice(2, eq === -1 ? undefined : eq) : undefined;
    if (name !== undefined && spec.flags.includes(name) && eq === -1) {
      flags.add(name);
      continue;
    }
    if (name === undefined || !spec.values.includes(name)) {
      const known = [...spec.values, ...spec.flags].map((n) => `--${n}`).join(", ");
      throw new InputError("BAD_OPTION", `expected one of ${known}, got ${JSON.stringify(arg)}`);
    }
    const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new InputError("BAD_OPTION", `expected a value after --${name}, got nothing`);
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return { values, flags };
}

export function single(args: ParsedArgs, name: string): string | undefined {
  const list = args.values.get(name);
  if (list && list.length > 1) throw new InputError("BAD_OPTION", `expected --${name} once, got it ${list.length} times`);
  return list?.[0];
}

export function required(args: ParsedArgs, name: string): string {
  const value = single(args, name);
  if (value === undefined) throw new InputError("BAD_OPTION", `expected --${name} FILE, got nothing`);
  return value;
}

export function choice<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[]): T | undefined {
  const value = single(args, name);
  if (value !== undefined && !allowed.includes(value as T)) {
    throw new InputError("BAD_OPTION", `expected --${name} to be ${allowed.join(" or ")}, got ${JSON.stringify(value)}`);
  }
  return value as T | undefined;
}

export function number(
  args: ParsedArgs,
  name: string,
  check: { integer?: boolean; min?: number; minExclusive?: number; max?: number } = {},
): number | undefined {
  const raw = single(args, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  const ok =
    raw.trim() !== "" &&
    Number.isFinite(value) &&
    (!check.integer || Number.isInteger(value)) &&
    (check.min === undefined || value >= check.min) &&
    (check.minExclusive === undefined || value > check.minExclusive) &&
    (check.max === undefined || value <= check.max);
  if (!ok) {
    const bounds = [
      check.integer ? "a whole number" : "a number",
      check.min !== undefined ? `≥ ${check.min}` : "",
      check.minExclusive !== undefined ? `> ${check.minExclusive}` : "",
      check.max !== undefined ? `≤ ${check.max}` : "",
    ].filter(Boolean);
    throw new InputError("BAD_OPTION", `expected --${name} to be ${bounds.join(" ")}, got ${JSON.stringify(raw)}`);
  }
  return value;
}
