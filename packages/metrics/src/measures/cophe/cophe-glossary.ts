import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the CoPHE family, keyed by registry key.

const COPHE =
  "CoPHE keeps counts instead of sets: for each class c, x_c and y_c are how many of the document's most specific predicted and gold labels lie at or below c. Per class, TP = min(x, y), FP = max(x − y, 0), FN = max(y − x, 0); the counts are summed per level and over the levels.";

const COPHE_SET =
  "The set-based twin of CoPHE replaces the counts x_c and y_c by 0/1 (is there any label at or below c?), which makes it a per-level ancestor-augmented measure.";

const LEAF_ONLY =
  "The leaf-only baseline of the CoPHE paper: flat counts of the most specific labels of each document (labels with none of the document's other labels below them), with no credit for ancestors.";

const PRF = { P: "\\frac{TP}{TP + FP}", R: "\\frac{TP}{TP + FN}", F1: "\\frac{2\\,TP}{2\\,TP + FP + FN}" } as const;

function prf(
  prefix: string,
  nameOf: (m: "P" | "R" | "F1") => string,
  text: string,
  shortOf: (m: "P" | "R" | "F1") => string,
): Record<string, GlossaryEntry> {
  const keys = { P: "precision", R: "recall", F1: "f1" } as const;
  return Object.fromEntries(
    (["P", "R", "F1"] as const).map((m) => [
      `${prefix}.${keys[m]}`,
      { short: shortOf(m), definition: text, formula: `${nameOf(m)} = ${PRF[m]}` },
    ]),
  );
}

const what = { P: "precision", R: "recall", F1: "F1" } as const;

export const COPHE_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  ...prf(
    "cophe.overall",
    (m) => `\\mathrm{CoPHE\\text{-}${m}}`,
    COPHE,
    (m) => `CoPHE ${what[m]}: counts labels below each class, so predicting a class twice as often as gold costs.`,
  ),
  ...prf(
    "cophe.setBased.overall",
    (m) => m,
    COPHE_SET,
    (m) => `Set-based CoPHE ${what[m]}: per level, does the class or a label below it occur?`,
  ),
  ...prf(
    "cophe.leafOnly",
    (m) => m,
    LEAF_ONLY,
    (m) => `Flat ${what[m]} of each document's most specific labels only (CoPHE's leaf-only baseline).`,
  ),
};
