const REPLACEMENTS: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  $: "\\$",
  "&": "\\&",
  "#": "\\#",
  "%": "\\%",
  _: "\\_",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
  "<": "\\textless{}",
  ">": "\\textgreater{}",
  "|": "\\textbar{}",
  α: "$\\alpha$",
  "\n": " ",
  "\r": " ",
  "\t": " ",
};

/**
 * Text for LaTeX's text mode: the ten special characters (`\ { } $ & # % _ ~ ^`), `< > |` (which
 * the default OT1 encoding prints as other glyphs) and line breaks are escaped, so a team called
 * `50%_R&D {#1}` prints as written and cannot inject commands. Letters such as ü or é pass through
 * (pdflatex reads UTF-8 since 2018; the table needs `\usepackage[T1]{fontenc}` for them).
 */
export function escapeLatex(text: string): string {
  return text.replace(/[\\{}$&#%_~^<>|α\n\r\t]/g, (c) => REPLACEMENTS[c]!);
}
