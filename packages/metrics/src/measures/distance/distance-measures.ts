import { rate, type MeasureInfo } from "../../scoring/measure-info.ts";

const SUN_LIM = "Hierarchical Text Classification and Evaluation";

/** Registry entries of the `distance` family (Sun & Lim's distance-based measures). */
export const DISTANCE_MEASURES: readonly MeasureInfo[] = [
  rate("distance.micro.precision", "Distance micro-hP", "distance", SUN_LIM),
  rate("distance.micro.recall", "Distance micro-hR", "distance", SUN_LIM),
  rate("distance.micro.f1", "Distance micro-hF", "distance", SUN_LIM),
  rate("distance.micro.fBeta", "Distance micro-hFβ", "distance", SUN_LIM),
  rate("distance.macro.precision", "Distance macro-hP", "distance", SUN_LIM),
  rate("distance.macro.recall", "Distance macro-hR", "distance", SUN_LIM),
  rate("distance.macro.f1", "Distance macro-hF", "distance", SUN_LIM),
  rate("distance.macro.fBeta", "Distance macro-hFβ", "distance", SUN_LIM),
];
