import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the LCA family, keyed by registry key.

const LCA =
  "LCA measures first reduce the gold and predicted sets to their most specific labels, then augment them with only the ancestors needed to connect them, up to their lowest common ancestors (the LCA graphs, built as the authors' HEMKit builds them, with the root counted as a node), instead of every ancestor up to the root, so shared top-level ancestors do not inflate the score.";

const what = { P: "precision", R: "recall", F1: "F1" } as const;

function lcaEntries(): Record<string, GlossaryEntry> {
  const micro = `${LCA} The counts are pooled over documents.`;
  const macro = `${LCA} Computed per document, then averaged (an empty prediction counts 0).`;
  const set = {
    P: "|Y_{aug} \\cap \\hat Y_{aug}| / |\\hat Y_{aug}|",
    R: "|Y_{aug} \\cap \\hat Y_{aug}| / |Y_{aug}|",
    F1: "2\\,P\\,R / (P + R)",
  } as const;
  const keys = { P: "precision", R: "recall", F1: "f1" } as const;
  const out: Record<string, GlossaryEntry> = {};
  for (const m of ["P", "R", "F1"] as const) {
    out[`lca.${keys[m]}`] = {
      short: `LCA ${what[m]}: set ${what[m]} on label sets augmented only up to their lowest common ancestors.`,
      definition: micro,
      formula: `\\mathrm{LCA\\text{-}${m === "F1" ? "F" : m}} = ${set[m]}`,
    };
    out[`lca.macro.${keys[m]}`] = {
      short: `LCA ${what[m]} per document, averaged over documents.`,
      definition: macro,
      formula: `\\frac{1}{N}\\sum_d ${set[m]}`,
    };
  }
  return out;
}

export const LCA_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  ...lcaEntries(),
};
