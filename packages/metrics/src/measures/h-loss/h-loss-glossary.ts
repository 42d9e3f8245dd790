import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the H-loss family, keyed by registry key.

export const H_LOSS_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  "hLoss.hLoss": {
    short: "H-loss: counts a wrong node only when all its ancestors were right; mean per document, lower is better.",
    definition:
      "On ancestor-closed sets, the H-loss charges a node whose gold and predicted membership differ, but only if every ancestor of it was decided correctly: a mistake below a mistake is not charged again. With the default uniform costs each charged node costs 1; with sibling costs the costs are split among siblings and the loss is at most 1.",
    formula:
      "\\ell_H = \\frac{1}{N}\\sum_d \\sum_i c_i\\,\\big[[i \\in G_d] \\ne [i \\in P_d] \\wedge \\forall j \\in \\mathrm{anc}(i): [j \\in G_d] = [j \\in P_d]\\big]",
  },
  "hLoss.symmetricDifference": {
    short: "Mean number of nodes in the prediction or the gold set but not both (ancestors included); lower is better.",
    definition:
      "The size of the symmetric difference between the ancestor-closed gold and predicted sets, averaged over documents. Every wrong node counts, including those below another mistake.",
    formula: "\\ell_{\\Delta} = \\frac{1}{N}\\sum_d |G_d \\,\\triangle\\, P_d|",
  },
  "hLoss.zeroOne": {
    short: "Share of documents whose ancestor-closed prediction differs from gold at all; lower is better.",
    definition:
      "1 for every document whose ancestor-closed predicted set is not exactly the gold set, averaged over documents: the complement of exact-match accuracy on closed sets.",
    formula: "\\ell_{0/1} = \\frac{1}{N}\\sum_d [G_d \\ne P_d]",
  },
};
