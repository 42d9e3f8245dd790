import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the MGIA family, keyed by registry key.

const MGIA =
  "MGIA (multi-label graph induced accuracy) pairs each predicted class with the nearest gold class and vice versa; a pair costs the number of edges between the two classes, and a class with no good partner costs the default-class cost D. E is the summed cost, with a mutually nearest pair charged once, as in the paper's flow network. D defaults to 2 × the taxonomy's depth, the largest distance two classes can have. As in the authors' HEMKit, a class whose nearest partner is D or more edges away goes to the default class instead of being paired, so a pair at exactly the largest distance costs 2D (D for each of its two classes), not D: on a one-level taxonomy (GermEval subtask A) every wrong label costs 2D. The rule is kept so that scores match HEMKit's.";

export const MGIA_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  "mgia.accuracy": {
    short: "Multi-label graph induced accuracy: 1 minus the cost of pairing predicted and gold classes by tree distance, per document.",
    definition: `${MGIA} MGIA scales E by D times the number of classes involved and subtracts it from 1, per document; documents with neither gold nor predicted labels are left out, the rest averaged.`,
    formula: "\\mathrm{MGIA} = \\frac{1}{N}\\sum_d \\Big(1 - \\frac{E_d}{D\\,|Y_d \\cup \\hat Y_d|}\\Big)",
  },
  "mgia.micro.accuracy": {
    short: "MGIA pooled over documents: 1 minus total pairing cost over its maximum.",
    definition: `${MGIA} Pooled: the costs and the class counts are summed over documents before dividing.`,
    formula: "\\mathrm{MGIA}_{\\mu} = 1 - \\frac{\\sum_d E_d}{D\\,\\sum_d |Y_d \\cup \\hat Y_d|}",
  },
  "mgia.error": {
    short: "Mean MGIA pairing cost per document, in edges; lower is better.",
    definition: `${MGIA} This is E itself, averaged over documents.`,
    formula: "E_d = \\sum_{(\\hat y, y) \\in \\text{chosen pairs}} \\min\\big(D, d(\\hat y, y)\\big)",
  },
  "mgia.gie": {
    short: "Graph induced error: cost of the best one-to-one pairing of predicted and gold classes by tree distance; lower is better.",
    definition:
      "Each predicted class is paired with at most one gold class and vice versa, at the cost of the number of edges between them; an unpaired class costs D. The minimum total cost (an assignment problem), averaged over documents. For one label on each side of a tree it is the tree induced error.",
    formula: "\\mathrm{GIE}_d = \\min_{\\text{pairings}} \\sum_{(\\hat y, y)} d(\\hat y, y) + D\\cdot\\#\\text{unpaired}",
  },
};
