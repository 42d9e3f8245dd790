import { UNIFIED_VIEW } from "../lca/lca-measures.ts";
import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

/** Registry entries of the `mgia` family. */
export const MGIA_MEASURES: readonly MeasureInfo[] = [
  rate("mgia.accuracy", "MGIA", "mgia", UNIFIED_VIEW),
  rate("mgia.micro.accuracy", "MGIA (pooled)", "mgia", UNIFIED_VIEW),
  {
    key: "mgia.error",
    label: "MGIA error",
    family: "mgia",
    direction: "lower",
    range: [0, Infinity],
    best: 0,
    inputs: "labels",
    source: UNIFIED_VIEW,
  },
  {
    key: "mgia.gie",
    label: "GIE",
    family: "mgia",
    direction: "lower",
    range: [0, Infinity],
    best: 0,
    inputs: "labels",
    source: UNIFIED_VIEW,
  },
];
