/** Display names of the engine's measure families (registry `family`), for headings. */
export const FAMILY_NAMES: Readonly<Record<string, string>> = {
  flat: "Flat",
  hc: "Hierarchical confusion matrix (HC)",
  hierarchical: "Set-based (hP, hR, hF)",
  cophe: "Count-preserving (CoPHE)",
  hLoss: "Losses (H-loss)",
  distance: "Distance-based (Sun & Lim)",
  lca: "LCA",
  mgia: "Pair-based (MGIA, GIE)",
  soft: "Soft predictions",
  cafa: "Protein function (CAFA: Fmax, Smin)",
};
