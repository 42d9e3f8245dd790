import type { MeasureInfo } from "../../scoring/measure-info.ts";

const RADIVOJAC =
  "Radivojac et al. 2013, A large-scale evaluation of computational protein function prediction (Fmax, protein-centric); CAFA-evaluator";
const CLARK =
  "Clark & Radivojac 2013, Information-theoretic evaluation of predicted ontological annotations (RU, MI, Smin); CAFA-evaluator";
const JIANG = "Jiang et al. 2016, An expanded evaluation of protein function prediction methods (weighted Fmax); CAFA-evaluator";

function cafa(
  key: string,
  label: string,
  direction: "higher" | "lower",
  range: readonly [number, number],
  source: string,
  best?: number,
): MeasureInfo {
  return { key: `cafa.${key}`, label, family: "cafa", direction, range, best, inputs: "scores", source };
}

/** Registry entries of the cafa family; each is reported per namespace, as `cafa.namespaces.<root>.<measure>`. */
export const CAFA_MEASURES: readonly MeasureInfo[] = [
  cafa("fmax", "Fmax", "higher", [0, 1], RADIVOJAC, 1),
  cafa("precisionAtFmax", "Precision at Fmax", "higher", [0, 1], RADIVOJAC),
  cafa("recallAtFmax", "Recall at Fmax", "higher", [0, 1], RADIVOJAC),
  cafa("coverageAtFmax", "Coverage at Fmax", "higher", [0, 1], RADIVOJAC),
  cafa("fmaxMicro", "Micro Fmax", "higher", [0, 1], RADIVOJAC, 1),
  cafa("smin", "Smin (unweighted)", "lower", [0, Infinity], CLARK, 0),
  cafa("ruAtSmin", "RU at Smin", "lower", [0, Infinity], CLARK),
  cafa("miAtSmin", "MI at Smin", "lower", [0, Infinity], CLARK),
  cafa("wfmax", "wFmax", "higher", [0, 1], JIANG, 1),
  cafa("wprecisionAtWfmax", "Weighted precision at wFmax", "higher", [0, 1], JIANG),
  cafa("wrecallAtWfmax", "Weighted recall at wFmax", "higher", [0, 1], JIANG),
  cafa("wsmin", "wSmin (Smin)", "lower", [0, Infinity], CLARK, 0),
  cafa("wruAtWsmin", "RU at wSmin", "lower", [0, Infinity], CLARK),
  cafa("wmiAtWsmin", "MI at wSmin", "lower", [0, Infinity], CLARK),
];
