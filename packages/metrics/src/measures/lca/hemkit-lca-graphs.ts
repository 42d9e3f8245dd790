import type { Taxonomy } from "../../taxonomy/taxonomy.ts";
import { meetingPairs, mostSpecific, pathsOfSet, type MeetingPair, type SetPaths, type UpPath } from "./hemkit-meeting-pairs.ts";

/** The LCA graphs G_t and G_p of one document, as node ids sorted ascending (the root, 0, included where used). */
export interface LcaGraphs {
  readonly gold: number[];
  readonly predicted: number[];
}

/** A pair of cut paths with its gold-side path γ and predicted-side path ρ. */
interface SidedPair {
  readonly gamma: UpPath;
  readonly rho: UpPath;
  readonly meeting: number;
  readonly idSum: number;
}

/** The pairs linking one label to one partner, with the group's gold and predicted label. */
interface Group {
  readonly goldLabel: number;
  readonly predLabel: number;
  readonly pairs: SidedPair[];
}

/** A path filed under a meeting node: whose label, on which side. */
interface FiledPath {
  readonly label: number;
  readonly side: "gold" | "pred";
  readonly path: UpPath;
}

const ascending = (a: number, b: number): number => a - b;

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

/**
 * The LCA graphs as HEMKit builds them (Kosmopoulos et al.'s authors' code,
 * BioASQ/Evaluation-Measures `hierarchical/software`), written from the rules
 * in `../shared/data/hemkit/README.md`:
 *
 * 1. each set is reduced to its most specific labels (`mostSpecific`);
 * 2. each label found in one set only is linked to the other set by its
 *    shortest `meetingPairs` (the root is a node: labels in different
 *    top-level subtrees meet there, and it counts as a shared node);
 * 3. meeting nodes are ranked by how many labels they serve (then by larger
 *    id), pruned where every label they serve has another option, and chosen
 *    while some label is unsatisfied (the marks grow as nodes are chosen,
 *    exactly as HEMKit's do);
 * 4. each group (label, partner) keeps its best pair: most nodes already
 *    marked, then most overlap with other labels' reach, then smallest id sum,
 *    filed under the meeting node of the group's last pair;
 * 5. the filed paths of the chosen nodes, in ascending id, make the graphs.
 *
 * An empty prediction gives G_t = the reduced gold, G_p = ∅ (and the other
 * way round for an empty gold set).
 *
 * @example
 * // <TAB>A, A→A1, <TAB>B, B→B1, <TAB>T, T→M, M→G, T→P; gold {A, G}, predicted {P, G, B}:
 * hemkitLcaGraphs(t, gold, predicted); // gold {root, A, T, M, G}, predicted {root, B, T, G, P}
 */
export function hemkitLcaGraphs(taxonomy: Taxonomy, gold: readonly number[], predicted: readonly number[]): LcaGraphs {
  const T = mostSpecific(taxonomy, gold);
  const P = mostSpecific(taxonomy, predicted);
  if (T.length === 0 || P.length === 0) return { gold: T, predicted: P };

  const inT = new Set(T);
  const inP = new Set(P);
  const both = T.filter((l) => inP.has(l));
  const goldOnly = T.filter((l) => !inP.has(l));
  const predOnly = P.filter((l) => !inT.has(l));
  const total = T.length + P.length;

  // Step 2: candidates.
  const reach = new Map<number, Set<number>>();
  const serves = new Map<number, Set<number>>();
  const options = new Map<number, Set<number>>();
  const groups: Group[] = [];
  const collect = (label: number, others: SetPaths, labelSide: "gold" | "pred"): void => {
    const byPartner = new Map<number, Group>();
    for (const pair of meetingPairs(taxonomy, label, others)) {
      for (const v of pair.own) addTo(reach, label, v);
      addTo(serves, pair.meeting, label);
      addTo(serves, pair.meeting, pair.partner);
      addTo(options, label, pair.meeting);
      addTo(options, pair.partner, pair.meeting);
      let group = byPartner.get(pair.partner);
      if (!group) {
        group =
          labelSide === "gold"
            ? { goldLabel: label, predLabel: pair.partner, pairs: [] }
            : { goldLabel: pair.partner, predLabel: label, pairs: [] };
        byPartner.set(pair.partner, group);
      }
      group.pairs.push(sided(pair, labelSide));
    }
    for (const partner of [...byPartner.keys()].sort(ascending)) groups.push(byPartner.get(partner)!);
  };
  const predPaths = pathsOfSet(taxonomy, P);
  const goldPaths = pathsOfSet(taxonomy, T);
  for (const a of goldOnly) collect(a, predPaths, "gold");
  for (const b of predOnly) collect(b, goldPaths, "pred");

  // Step 3: rank, prune, choose.
  const ranking = [...serves.keys()].sort((m1, m2) => serves.get(m2)!.size - serves.get(m1)!.size || m2 - m1);
  const dropped = new Set<number>();
  for (const m of ranking) {
    const served = serves.get(m)!;
    if (![...served].every((x) => options.get(x)!.size >= 2)) continue;
    dropped.add(m);
    for (const x of served) options.get(x)!.delete(m);
  }
  const goldMark = new Set(T);
  const predMark = new Set(P);
  const chosen = new Set<number>();
  {
    const satisfiedGold = new Set(both);
    const satisfiedPred = new Set(both);
    for (const m of ranking) {
      if (satisfiedGold.size + satisfiedPred.size === total) break;
      if (dropped.has(m)) continue;
      for (const x of [...serves.get(m)!].sort(ascending)) {
        if (goldMark.has(x) && !satisfiedGold.has(x)) {
          chosen.add(m);
          goldMark.add(m);
          satisfiedGold.add(x);
        }
        if (predMark.has(x) && !satisfiedPred.has(x)) {
          chosen.add(m);
          predMark.add(m);
          satisfiedPred.add(x);
        }
      }
    }
  }

  // Step 4: one pair per group, filed under the meeting node of the group's last pair.
  const goldOnlySet = new Set(goldOnly);
  const predOnlySet = new Set(predOnly);
  const filed = new Map<number, Map<number, FiledPath>>();
  for (const group of groups) {
    const best = bestPair(group, chosen, goldMark, predMark, reach, goldOnlySet, predOnlySet);
    if (!best) continue;
    const key = group.pairs[group.pairs.length - 1]!.meeting;
    let records = filed.get(key);
    if (!records) filed.set(key, (records = new Map()));
    if (!records.has(group.predLabel)) records.set(group.predLabel, { label: group.predLabel, side: "pred", path: best.rho });
    if (!records.has(group.goldLabel)) records.set(group.goldLabel, { label: group.goldLabel, side: "gold", path: best.gamma });
  }

  // Step 5: the graphs.
  const goldGraph = new Set(T);
  const predGraph = new Set(P);
  const satisfiedGold = new Set(both);
  const satisfiedPred = new Set(both);
  for (const m of [...chosen].sort(ascending)) {
    if (satisfiedGold.size + satisfiedPred.size === total) break;
    const records = [...(filed.get(m)?.values() ?? [])].sort((r1, r2) => r1.label - r2.label);
    let spareGold: FiledPath | undefined;
    let sparePred: FiledPath | undefined;
    let addedGold = false;
    let addedPred = false;
    for (const record of records) {
      const satisfied = record.side === "gold" ? satisfiedGold : satisfiedPred;
      if (satisfied.has(record.label)) {
        // Records come in ascending label id, so a strictly shorter path wins a tie for the smaller id.
        if (record.side === "gold") spareGold = shorter(spareGold, record);
        else sparePred = shorter(sparePred, record);
        continue;
      }
      for (const v of record.path) (record.side === "gold" ? goldGraph : predGraph).add(v);
      satisfied.add(record.label);
      if (record.side === "gold") addedGold = true;
      else addedPred = true;
    }
    if (addedPred && !addedGold && spareGold) for (const v of spareGold.path) goldGraph.add(v);
    if (addedGold && !addedPred && sparePred) for (const v of sparePred.path) predGraph.add(v);
  }
  return { gold: [...goldGraph].sort(ascending), predicted: [...predGraph].sort(ascending) };
}

function sided(pair: MeetingPair, labelSide: "gold" | "pred"): SidedPair {
  return labelSide === "gold"
    ? { gamma: pair.own, rho: pair.other, meeting: pair.meeting, idSum: pair.idSum }
    : { gamma: pair.other, rho: pair.own, meeting: pair.meeting, idSum: pair.idSum };
}

function shorter(current: FiledPath | undefined, candidate: FiledPath): FiledPath {
  return current === undefined || candidate.path.length < current.path.length ? candidate : current;
}

/** Step 4 for one group: the chosen-node pair with most marked nodes, then most reach overlap, then smallest id sum. */
function bestPair(
  group: Group,
  chosen: ReadonlySet<number>,
  goldMark: ReadonlySet<number>,
  predMark: ReadonlySet<number>,
  reach: ReadonlyMap<number, ReadonlySet<number>>,
  goldOnly: ReadonlySet<number>,
  predOnly: ReadonlySet<number>,
): SidedPair | undefined {
  let best: SidedPair | undefined;
  let bestScore = 0;
  let bestExtra = 0;
  for (const pair of group.pairs) {
    if (!chosen.has(pair.meeting)) continue;
    const score = countIn(pair.rho, predMark) + countIn(pair.gamma, goldMark);
    if (best === undefined || score > bestScore) {
      best = pair;
      bestScore = score;
      bestExtra = 0;
      continue;
    }
    if (score < bestScore) continue;
    const extra = largestOverlap(pair.gamma, goldOnly, group.goldLabel, reach) + largestOverlap(pair.rho, predOnly, group.predLabel, reach);
    if (extra > bestExtra) {
      best = pair;
      bestExtra = extra;
    } else if (pair.idSum < best.idSum) best = pair;
  }
  return best;
}

function countIn(path: UpPath, marks: ReadonlySet<number>): number {
  let n = 0;
  for (const v of path) if (marks.has(v)) n += 1;
  return n;
}

/** The largest |path ∩ reach(l)| over the labels l of `labels` other than `except` (0 when there is none). */
function largestOverlap(
  path: UpPath,
  labels: ReadonlySet<number>,
  except: number,
  reach: ReadonlyMap<number, ReadonlySet<number>>,
): number {
  let largest = 0;
  for (const label of labels) {
    if (label === except) continue;
    const r = reach.get(label);
    if (r) largest = Math.max(largest, countIn(path, r));
  }
  return largest;
}
