import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ERROR_KINDS, type NodeStatistics, type Taxonomy } from "@hierboard/metrics";
import { AppError } from "../errors/app-error.ts";

/** The current format (confusions as three uint32 columns after the node columns); HBN1 kept them in the JSON header. */
const MAGIC = "HBN2";
const FORMATS = ["HBN1", MAGIC];

/** The columns of a stored row, in order: node id, then the counts. */
export const NODE_COLUMNS = [
  "node",
  "writtenSupport",
  "writtenPredicted",
  "writtenTp",
  "ancestorsSupport",
  "ancestorsPredicted",
  "ancestorsTp",
  ...ERROR_KINDS,
] as const;
export type NodeColumn = (typeof NODE_COLUMNS)[number];

type Confusions = readonly { gold: number; predicted: number; count: number }[];

interface Header {
  nodes: number;
  columns: readonly string[];
  lcaDepths: readonly number[];
  /** HBN1: the confusions themselves; HBN2: how many follow the node columns. */
  confusions: Confusions | number;
}

/** The stored statistics: one uint32 column per count over the same sparse node rows (ids of the scored taxonomy). */
export interface DecodedNodeStatistics {
  readonly nodes: number;
  readonly columns: Readonly<Record<NodeColumn, Uint32Array>>;
  readonly lcaDepths: readonly number[];
  readonly confusions: Confusions;
}

/**
 * The per-node statistics as stored in `NodeStatistics.data` (and per shard in
 * `ScoringShard.nodeStatistics`, with every confusion): "HBN2", a u32 header length, a JSON header
 * (rows, columns, LCA depths, number of confusions), then the raw-deflated uint32 columns over the
 * nodes with any count (sparse: a 325k-class taxonomy stores only the nodes documents reach),
 * followed by the confusions' gold, predicted and count columns.
 */
export function encodeNodeStatistics(stats: NodeStatistics): { nodes: number; data: Uint8Array<ArrayBuffer> } {
  const { written, ancestors, errorKinds, confusions } = stats;
  const sources = [written.support, written.predicted, written.tp, ancestors.support, ancestors.predicted, ancestors.tp, ...errorKinds];
  const rows: number[] = [];
  for (let node = 1; node < written.support.length; node++) if (sources.some((s) => s[node]! > 0)) rows.push(node);
  const columns = [
    Uint32Array.from(rows),
    ...sources.map((source) => Uint32Array.from(rows, (node) => source[node]!)),
    Uint32Array.from(confusions, (c) => c.gold),
    Uint32Array.from(confusions, (c) => c.predicted),
    Uint32Array.from(confusions, (c) => c.count),
  ];
  const header: Header = { nodes: rows.length, columns: NODE_COLUMNS, lcaDepths: stats.lcaDepths, confusions: confusions.length };
  const head = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const body = deflateRawSync(Buffer.concat(columns.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))));
  return { nodes: rows.length, data: new Uint8Array(Buffer.concat([Buffer.from(MAGIC), length, head, body])) };
}

export function decodeNodeStatistics(bytes: Uint8Array): DecodedNodeStatistics {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = buf.subarray(0, 4).toString();
  if (!FORMATS.includes(magic))
    throw new AppError("INTERNAL", `stored node statistics: expected the ${FORMATS.join(" or ")} format, got ${JSON.stringify(magic)}`);
  const headLength = buf.readUInt32LE(4);
  const header = JSON.parse(buf.subarray(8, 8 + headLength).toString()) as Header;
  if (header.columns.join() !== NODE_COLUMNS.join())
    throw new AppError(
      "INTERNAL",
      `stored node statistics: expected columns ${NODE_COLUMNS.join(", ")}, got ${header.columns.join(", ")} (re-score the submission)`,
    );
  const inflated = inflateRawSync(buf.subarray(8 + headLength));
  // Columns are views of the inflated bytes (copied only if they do not start on a 4-byte boundary).
  const body = inflated.byteOffset % 4 === 0 ? inflated : new Uint8Array(inflated);
  const column = (at: number, length: number) => new Uint32Array(body.buffer, body.byteOffset + at, length);
  const columns = Object.fromEntries(NODE_COLUMNS.map((name, i) => [name, column(i * 4 * header.nodes, header.nodes)])) as Record<
    NodeColumn,
    Uint32Array
  >;
  return { nodes: header.nodes, columns, lcaDepths: header.lcaDepths, confusions: confusionsOf(header.confusions, column, header.nodes) };
}

/** The confusions: in the header (HBN1), or the three columns after the node columns (HBN2). */
function confusionsOf(stored: Header["confusions"], column: (at: number, length: number) => Uint32Array, nodes: number): Confusions {
  if (typeof stored !== "number") return stored;
  const at = NODE_COLUMNS.length * 4 * nodes;
  const [gold, predicted, count] = [0, 1, 2].map((k) => column(at + k * 4 * stored, stored)) as [Uint32Array, Uint32Array, Uint32Array];
  return Array.from({ length: stored }, (_, i) => ({ gold: gold[i]!, predicted: predicted[i]!, count: count[i]! }));
}

/** Decoded statistics as the engine's dense per-node arrays over `taxonomy` (the taxonomy they were counted on), for adding them up. */
export function denseNodeStatistics(taxonomy: Taxonomy, decoded: DecodedNodeStatistics): NodeStatistics {
  const n = taxonomy.nodeCount;
  const { columns } = decoded;
  const dense = (column: Uint32Array) => {
    const out = new Uint32Array(n);
    columns.node.forEach((node, row) => {
      if (node >= n) throw new AppError("INTERNAL", `stored node statistics: expected node ids below ${n}, got ${node}`);
      out[node] = column[row]!;
    });
    return out;
  };
  return {
    taxonomy,
    written: { support: dense(columns.writtenSupport), predicted: dense(columns.writtenPredicted), tp: dense(columns.writtenTp) },
    ancestors: { support: dense(columns.ancestorsSupport), predicted: dense(columns.ancestorsPredicted), tp: dense(columns.ancestorsTp) },
    errorKinds: ERROR_KINDS.map((kind) => dense(columns[kind])),
    lcaDepths: decoded.lcaDepths,
    confusions: decoded.confusions,
  };
}
