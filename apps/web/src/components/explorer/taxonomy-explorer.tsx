"use client";

import { hierarchy, partition, type HierarchyRectangularNode } from "d3-hierarchy";
import type { NodeRow, NodeStatisticsAnswer } from "@hierboard/platform";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { NodeTable } from "./node-table";
import { differenceColour, formatRate, measureOf, NODE_MEASURES, rateColour, type NodeMeasure } from "./node-measures";

type View = "written" | "ancestors";
/** Levels drawn below the focused node, and loaded per request. */
const LEVELS = 3;
const ROW_HEIGHT = 56;
/** Rows per request, breadth first: the picture never needs more than a few hundred boxes. */
const ROWS = 600;

interface Datum {
  label: string | null;
  row: NodeRow | undefined;
  /** Documents at or below the node that are not drawn as a child. */
  own: number;
  children?: Datum[];
}

interface Side {
  id: string;
  rows: Map<string, NodeRow>;
  loaded: Set<string>;
}

const ROOT_KEY = "";

function nodesUrl(id: string, view: View, under: string | null): string {
  const query = new URLSearchParams({ view, levels: String(LEVELS), limit: String(ROWS) });
  if (under !== null) query.set("under", under);
  return `/api/submissions/${encodeURIComponent(id)}/nodes?${query}`;
}

async function fetchNodes(id: string, view: View, under: string | null): Promise<NodeStatisticsAnswer> {
  const response = await fetch(nodesUrl(id, view, under));
  const body = (await response.json()) as NodeStatisticsAnswer & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `The statistics could not be loaded (HTTP ${response.status}).`);
  return body;
}

function sideOf(id: string, answer: NodeStatisticsAnswer, under: string | null): Side {
  const rows = new Map(answer.nodes.map((r) => [r.label, r]));
  if (answer.under?.row) rows.set(answer.under.row.label, answer.under.row);
  return { id, rows, loaded: new Set([under ?? ROOT_KEY]) };
}

function merged(side: Side, answer: NodeStatisticsAnswer, under: string | null): Side {
  const rows = new Map(side.rows);
  for (const r of answer.nodes) rows.set(r.label, r);
  if (answer.under?.row) rows.set(answer.under.row.label, answer.under.row);
  return { id: side.id, rows, loaded: new Set([...side.loaded, under ?? ROOT_KEY]) };
}

/** Children of each label (null: the top level) among the loaded rows; a node with several parents is listed under each. */
function childIndex(rows: Map<string, NodeRow>): Map<string | null, string[]> {
  const index = new Map<string | null, string[]>();
  for (const row of rows.values())
    for (const parent of row.parents) {
      const list = index.get(parent) ?? [];
      list.push(row.label);
      index.set(parent, list);
    }
  return index;
}

function buildTree(focus: string | null, rows: Map<string, NodeRow>, index: Map<string | null, string[]>, levels: number): Datum {
  const make = (label: string | null, depth: number): Datum => {
    const row = label === null ? undefined : rows.get(label);
    const kids = depth < levels ? (index.get(label) ?? []).map((child) => make(child, depth + 1)) : [];
    const size = row?.size ?? 0;
    const drawn = kids.reduce((t, k) => t + (k.row?.size ?? 0), 0);
    return { label, row, own: kids.length > 0 ? Math.max(0, size - drawn) : size, ...(kids.length > 0 ? { children: kids } : {}) };
  };
  return make(focus, 0);
}

export function TaxonomyExplorer({
  submissionId,
  initial,
  other,
  isDag,
}: {
  submissionId: string;
  initial: NodeStatisticsAnswer;
  /** A second submission: colour by the difference (this one − the other). */
  other?: { id: string; name: string; initial: NodeStatisticsAnswer };
  isDag: boolean;
}) {
  const [view, setView] = useState<View>("written");
  const [measure, setMeasure] = useState<NodeMeasure>("f1");
  const [mine, setMine] = useState<Side>(() => sideOf(submissionId, initial, null));
  const [theirs, setTheirs] = useState<Side | null>(() => (other ? sideOf(other.id, other.initial, null) : null));
  const [trail, setTrail] = useState<string[]>([]);
  const [hovered, setHovered] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [width, setWidth] = useState(1000);
  const box = useRef<HTMLDivElement>(null);
  const focus = trail.at(-1) ?? null;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.floor(entry!.contentRect.width))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  /** Loads the subtree under `label` for both sides unless loaded (`fresh`: reload everything, for another view). */
  const open = useCallback(
    async (label: string | null, nextView: View, fresh: boolean): Promise<NodeStatisticsAnswer | null> => {
      const key = label ?? ROOT_KEY;
      if (!fresh && mine.loaded.has(key) && (!theirs || theirs.loaded.has(key))) return null;
      setLoading(true);
      setProblem(null);
      try {
        const [a, b] = await Promise.all([
          fetchNodes(submissionId, nextView, label),
          theirs ? fetchNodes(theirs.id, nextView, label) : null,
        ]);
        setMine((side) => (fresh ? sideOf(submissionId, a, label) : merged(side, a, label)));
        if (b && theirs) setTheirs((side) => (side ? (fresh ? sideOf(side.id, b, label) : merged(side, b, label)) : side));
        return a;
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
        return null;
      } finally {
        setLoading(false);
      }
    },
    [mine.loaded, theirs, submissionId],
  );

  const index = useMemo(() => childIndex(mine.rows), [mine.rows]);
  const layout = useMemo(() => {
    const tree = hierarchy(buildTree(focus, mine.rows, index, LEVELS))
      .sum((d) => d.own)
      .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
    return partition<Datum>()
      .size([width, (LEVELS + 1) * ROW_HEIGHT])
      .padding(1)(tree);
  }, [focus, mine.rows, index, width]);

  const difference = useCallback(
    (row: NodeRow | undefined): number | null => {
      if (!theirs || !row) return null;
      const a = measureOf(row, measure);
      const b = measureOf(theirs.rows.get(row.label), measure);
      return a === null || b === null ? null : a - b;
    },
    [theirs, measure],
  );

  const colour = (row: NodeRow | undefined) =>
    theirs ? differenceColour(difference(row)) : rateColour(measureOf(row, measure), NODE_MEASURES[measure].higherIsBetter);

  const zoomInto = async (node: HierarchyRectangularNode<Datum>) => {
    const label = node.data.label;
    if (node.depth === 0) {
      setTrail((t) => t.slice(0, -1));
      return;
    }
    if (label === null || (node.data.row?.children ?? 0) === 0) return;
    const path = node
      .ancestors()
      .reverse()
      .slice(1)
      .map((n) => n.data.label!);
    setTrail((t) => [...t, ...path]);
    await open(label, view, false);
  };

  /** Finds a label anywhere in the taxonomy (the API answers its path) and zooms to it. */
  const search = async (label: string) => {
    setProblem(null);
    try {
      const [a, b] = await Promise.all([fetchNodes(submissionId, view, label), theirs ? fetchNodes(theirs.id, view, label) : null]);
      setMine((side) => merged(side, a, label));
      if (b) setTheirs((side) => (side ? merged(side, b, label) : side));
      setTrail(a.under?.path ?? []);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const changeView = async (next: View) => {
    setView(next);
    await open(focus, next, true);
  };

  const shown = useMemo(() => {
    const unique = new Map<string, NodeRow>();
    for (const node of layout.descendants()) if (node.depth > 0 && node.data.row) unique.set(node.data.row.label, node.data.row);
    return [...unique.values()];
  }, [layout]);
  const info = (hovered !== null ? mine.rows.get(hovered) : undefined) ?? (focus !== null ? mine.rows.get(focus) : undefined);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label className="grid gap-1">
          <span className="font-medium text-slate-800">Colour by</span>
          <select
            value={measure}
            onChange={(e) => setMeasure(e.target.value as NodeMeasure)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
            data-testid="explorer-measure"
          >
            {Object.entries(NODE_MEASURES).map(([key, m]) => (
              <option key={key} value={key}>
                {theirs ? `Difference in ${m.label}` : m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          <span className="font-medium text-slate-800">Counts</span>
          <select
            value={view}
            onChange={(e) => void changeView(e.target.value as View)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
          >
            <option value="written">As written (flat)</option>
            <option value="ancestors">With ancestors (set-based)</option>
          </select>
        </label>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const label = String(new FormData(e.currentTarget).get("label") ?? "").trim();
            if (label) void search(label);
          }}
        >
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Find a label</span>
            <input
              name="label"
              list="explorer-labels"
              className="w-48 rounded-md border border-slate-300 px-2 py-1.5"
              placeholder="Label name"
            />
          </label>
          <datalist id="explorer-labels">
            {[...mine.rows.keys()].slice(0, 500).map((label) => (
              <option key={label} value={label} />
            ))}
          </datalist>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50">
            Go
          </button>
        </form>
        {loading && <span className="text-slate-500">Loading…</span>}
      </div>
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {problem}
        </p>
      )}
      <nav aria-label="Position in the taxonomy" className="flex flex-wrap items-center gap-1 text-sm" data-testid="explorer-breadcrumb">
        <button type="button" className="font-medium text-sky-700 hover:underline" onClick={() => setTrail([])}>
          All categories
        </button>
        {trail.map((label, i) => (
          <span key={`${label}-${i}`} className="flex items-center gap-1">
            <span aria-hidden>›</span>
            <button type="button" className="text-sky-700 hover:underline" onClick={() => setTrail(trail.slice(0, i + 1))}>
              {label}
            </button>
          </span>
        ))}
      </nav>
      <div ref={box} className="w-full min-w-0 overflow-hidden">
        <svg
          width={width}
          height={(LEVELS + 1) * ROW_HEIGHT}
          role="img"
          aria-label={`Icicle of the taxonomy${focus ? ` under ${focus}` : ""}: width is the number of gold or predicted documents at or below a node, colour its ${theirs ? "difference in " : ""}${NODE_MEASURES[measure].label}`}
          data-testid="explorer-icicle"
          className="select-none"
        >
          {layout.descendants().map((node, i) => {
            const w = node.x1 - node.x0;
            const h = node.y1 - node.y0;
            if (w < 0.5) return null;
            const row = node.data.row;
            const label = node.depth === 0 ? (focus ?? "All categories") : (node.data.label ?? "");
            const several = (row?.parents.length ?? 0) > 1;
            const chars = Math.floor((w - 8) / 7);
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it takes the role, focus and keys of one
              <g
                key={`${node.data.label}-${i}`}
                transform={`translate(${node.x0},${node.y0})`}
                role="button"
                tabIndex={0}
                aria-label={`${label}${row ? `: ${NODE_MEASURES[measure].label} ${formatRate(measureOf(row, measure))}, support ${row.support}` : ""}`}
                onClick={() => void zoomInto(node)}
                onKeyDown={(e) => {
                  if (e.key === "Enter" || e.key === " ") void zoomInto(node);
                }}
                onFocus={() => setHovered(node.data.label)}
                onMouseEnter={() => setHovered(node.data.label)}
                onMouseLeave={() => setHovered(null)}
                className="cursor-pointer"
                data-node={node.data.label ?? ""}
                data-depth={node.depth}
              >
                <rect
                  width={w}
                  height={h}
                  fill={node.depth === 0 ? "#e2e8f0" : colour(row)}
                  stroke={several ? "#0f172a" : "white"}
                  strokeDasharray={several ? "4 2" : undefined}
                />
                <title>
                  {row
                    ? `${row.label}${several ? ` (one of its ${row.parents.length} parents)` : ""}\nsupport ${row.support} · predicted ${row.predicted} · TP ${row.tp} · FP ${row.fp} · FN ${row.fn}\nP ${formatRate(row.precision)} · R ${formatRate(row.recall)} · F1 ${formatRate(row.f1)}${theirs ? ` · difference ${formatRate(difference(row))}` : ""}`
                    : label}
                </title>
                {chars >= 3 && (
                  <text x={4} y={18} fontSize={12} fill="#0f172a" pointerEvents="none">
                    {label.length > chars ? `${label.slice(0, chars - 1)}…` : label}
                  </text>
                )}
                {chars >= 5 && row && (
                  <text x={4} y={34} fontSize={11} fill="#334155" pointerEvents="none">
                    {theirs ? `Δ ${formatRate(difference(row))}` : `${NODE_MEASURES[measure].label} ${formatRate(measureOf(row, measure))}`}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <p className="text-xs text-slate-600">
        {theirs
          ? `Blue: this submission's ${NODE_MEASURES[measure].label} is higher; red: ${other?.name ?? "the other"}'s is; white: equal; grey: undefined on one side.`
          : `Green is a high ${NODE_MEASURES[measure].label}${NODE_MEASURES[measure].higherIsBetter ? "" : " (inverted: a small share of errors is green)"}, red a low one, grey undefined (no gold or predicted document).`}{" "}
        Click a box to zoom into its subtree, the top bar to go back up.
        {isDag &&
          " This taxonomy is a DAG: a node with several parents is drawn under each of them, with a dashed outline, and counted once in the table."}
      </p>
      <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" aria-live="polite" data-testid="explorer-info">
        {info ? (
          <>
            <strong>{info.label}</strong> (depth {info.depth}): support {info.support}, predicted {info.predicted}, TP {info.tp}, FP{" "}
            {info.fp}, FN {info.fn}; P {formatRate(info.precision)}, R {formatRate(info.recall)}, F1 {formatRate(info.f1)};{" "}
            {(100 * info.errorShare).toFixed(1)}% of the errors. False positives here: {info.landing.sibling} sibling,{" "}
            {info.landing.sameBranch} same branch, {info.landing.otherTopLevel} another top-level category, {info.landing.tooSpecific} too
            specific, {info.landing.tooGeneral} too general, {info.landing.noGold} in documents without gold labels.
          </>
        ) : (
          "Point at a box (or tap to zoom) to see its numbers."
        )}
      </div>
      <NodeTable rows={shown} difference={theirs ? difference : undefined} fileName={`nodes-${submissionId}-${view}.csv`} />
    </div>
  );
}
