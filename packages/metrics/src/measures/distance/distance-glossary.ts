import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the distance family, keyed by registry key.

const DISTANCE =
  "Sun & Lim's distance-based measures give a wrong class partial credit by how close it is to the right one: a false positive or negative contributes Con = Σ (1 − Dis(c, c') / Dis_θ), clipped to [−1, 1], where Dis is the number of edges between the classes and Dis_θ the acceptable distance (default 2). Classes closer than Dis_θ add credit; farther ones subtract it.";

function distanceEntries(avg: "micro" | "macro"): Record<string, GlossaryEntry> {
  const pooled =
    avg === "micro"
      ? "Micro: the credits and counts are summed over all classes before dividing."
      : "Macro: precision and recall are computed per class, then averaged over the classes that occur.";
  const definition = `${DISTANCE} ${pooled}`;
  const A = "A_j = \\max(0, |TP_j| + \\mathrm{FpCon}_j + \\mathrm{FnCon}_j)";
  const P =
    avg === "micro"
      ? "\\frac{\\sum_j A_j}{\\sum_j (|TP_j| + |FP_j| + \\mathrm{FnCon}_j)}"
      : "\\frac{1}{m}\\sum_j \\frac{A_j}{|TP_j| + |FP_j| + \\mathrm{FnCon}_j}";
  const R =
    avg === "micro"
      ? "\\frac{\\sum_j A_j}{\\sum_j (|TP_j| + |FN_j| + \\mathrm{FpCon}_j)}"
      : "\\frac{1}{m}\\sum_j \\frac{A_j}{|TP_j| + |FN_j| + \\mathrm{FpCon}_j}";
  const short = (m: string) => `Distance-based ${avg} hierarchical ${m} (Sun & Lim): wrong classes near the right one earn partial credit.`;
  return {
    [`distance.${avg}.precision`]: { short: short("precision"), definition, formula: `${A},\\quad hP = ${P}` },
    [`distance.${avg}.recall`]: { short: short("recall"), definition, formula: `${A},\\quad hR = ${R}` },
    [`distance.${avg}.f1`]: { short: short("F1"), definition, formula: "hF = \\frac{2\\,hP\\,hR}{hP + hR}" },
    [`distance.${avg}.fBeta`]: {
      short: short("F-beta"),
      definition,
      formula: "hF_{\\beta} = \\frac{(\\beta^2 + 1)\\,hP\\,hR}{\\beta^2\\,hP + hR}",
    },
  };
}

export const DISTANCE_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  ...distanceEntries("micro"),
  ...distanceEntries("macro"),
};
