import { describe, expect, it } from "vitest";
import { escapeMarkdown } from "./board-to-markdown.ts";
import { escapeLatex } from "./escape-latex.ts";

describe("escapeLatex", () => {
  it("escapes each special character of text mode", () => {
    expect(escapeLatex("\\ { } $ & # % _ ~ ^ < > |")).toBe(
      "\\textbackslash{} \\{ \\} \\$ \\& \\# \\% \\_ \\textasciitilde{} \\textasciicircum{} \\textless{} \\textgreater{} \\textbar{}",
    );
  });

  it("cannot be used to inject a command or break a row", () => {
    expect(escapeLatex("x}\\end{tabular}\\input{/etc/passwd}")).toBe(
      "x\\}\\textbackslash{}end\\{tabular\\}\\textbackslash{}input\\{/etc/passwd\\}",
    );
    expect(escapeLatex("a & b \\\\ c\nd")).toBe("a \\& b \\textbackslash{}\\textbackslash{} c d");
  });

  it("keeps letters, digits and accents, and writes α in math mode", () => {
    expect(escapeLatex("Müller-Ñandú 2019 (α = 0.05)")).toBe("Müller-Ñandú 2019 ($\\alpha$ = 0.05)");
  });
});

describe("escapeMarkdown", () => {
  it("escapes the column bar and inline markup, and joins lines", () => {
    expect(escapeMarkdown("a|b *c* _d_ `e` [f](g) <h>\ni")).toBe("a\\|b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g) \\<h\\> i");
  });
});
