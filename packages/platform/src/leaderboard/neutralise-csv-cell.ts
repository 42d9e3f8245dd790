/**
 * One CSV field that a spreadsheet will show as text, never run as a formula (OWASP "CSV
 * Injection"): a value beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading single quote, and every field that needs it is quoted (RFC 4180) so a separator or a
 * quote inside cannot start a new cell. Pass numbers as numbers: `-0.5` stays a number.
 */
export function neutraliseCsvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const formula = /^[=+\-@\t\r]/.test(value);
  const text = formula ? `'${value}` : value;
  return formula || /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
