import type { GlossaryEntry } from "../../scoring/measure-info.ts";

// Glossary texts of the set-based family, keyed by registry key.

const SET_BASED =
  "Each document's gold and predicted sets are closed under ancestors (a label implies all its ancestors, by every path), then compared as sets and pooled over documents.";
const PER_DOC =
  "Computed per document on the ancestor-closed sets, then averaged over documents (a document with an empty prediction counts 0).";

export const HIERARCHICAL_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  "hierarchical.precision": {
    short: "Hierarchical precision: share of predicted labels and their ancestors that are in the gold set with its ancestors.",
    definition: `${SET_BASED} hP is the overlap over the size of the augmented prediction, micro-averaged. A sibling of the gold label still shares its ancestors, so a near miss earns partial credit.`,
    formula: "hP = \\frac{\\sum_d |\\hat G_d \\cap \\hat P_d|}{\\sum_d |\\hat P_d|}",
  },
  "hierarchical.recall": {
    short: "Hierarchical recall: share of gold labels and their ancestors covered by the prediction with its ancestors.",
    definition: `${SET_BASED} hR is the overlap over the size of the augmented gold set, micro-averaged.`,
    formula: "hR = \\frac{\\sum_d |\\hat G_d \\cap \\hat P_d|}{\\sum_d |\\hat G_d|}",
  },
  "hierarchical.f1": {
    short: "Hierarchical F1 (hF): harmonic mean of hP and hR on ancestor-augmented label sets.",
    definition: `${SET_BASED} hF is the harmonic mean of hP and hR. It differs from flat F1 because a wrong leaf under the right parent still scores the shared ancestors.`,
    formula: "hF = \\frac{2\\,hP\\,hR}{hP + hR}",
  },
  "hierarchical.fBeta": {
    short: "Hierarchical F-beta: hP and hR combined with recall weighted β times as much as precision.",
    definition: `${SET_BASED} hFβ weights recall β times as much as precision (β is a scoring option, default 1, where it equals hF).`,
    formula: "hF_{\\beta} = \\frac{(\\beta^2 + 1)\\,hP\\,hR}{\\beta^2\\,hP + hR}",
  },
  "hierarchical.macro.precision": {
    short: "Hierarchical precision computed per document, then averaged over documents.",
    definition: `${PER_DOC} Every document weighs the same, however many labels it has.`,
    formula: "hP_{M} = \\frac{1}{N} \\sum_d \\frac{|\\hat G_d \\cap \\hat P_d|}{|\\hat P_d|}",
  },
  "hierarchical.macro.recall": {
    short: "Hierarchical recall computed per document, then averaged over documents.",
    definition: `${PER_DOC}`,
    formula: "hR_{M} = \\frac{1}{N} \\sum_d \\frac{|\\hat G_d \\cap \\hat P_d|}{|\\hat G_d|}",
  },
  "hierarchical.macro.fBeta": {
    short: "Hierarchical F-beta computed per document, then averaged over documents.",
    definition: `${PER_DOC} Each document's hFβ uses its own hP and hR.`,
    formula: "hF_{\\beta,M} = \\frac{1}{N} \\sum_d \\frac{(\\beta^2 + 1)\\,hP_d\\,hR_d}{\\beta^2\\,hP_d + hR_d}",
  },
};
