import { deflateRawSync, inflateRawSync } from "node:zlib";
import { ERROR_KINDS, type NodeStatistics } from "@hierboard/metrics";
import { AppError } from "../errors/app-error.ts";

const MAGIC = "HBN1";

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

interface Header {
  nodes: number;
  columns: readonly string[];
  lcaDepths: readonly number[];
  confusions: readonly { gold: number; predicted: number; count: number }[];
}

/** The stored statistics: one uint32 column per count over the same sparse node rows (ids of the scored taxonomy). */
export interface DecodedNodeStatistics {
  readonly nodes: number;
  readonly columns: Readonly<Record<NodeColumn, Uint32Array>>;
  readonly lcaDepths: readonly number[];
  readonly confusions: Header["confusions"];
}

/**
 * The per-node statistics as stored in `NodeStatistics.data`: "HBN1", a u32 header length, a JSON
 * header (rows, columns, LCA depths, confusions), then the raw-deflated uint32 columns over the
 * nodes with any count (sparse: a 325k-class taxonomy stores only the nodes documents reach).
 */
export function encodeNodeStatistics(stats: NodeStatistics): { nodes: number; data: Uint8Array<ArrayBuffer> } {
  const { written, ancestors, errorKinds } = stats;
  const sources = [written.support, written.predicted, written.tp, ancestors.support, ancestors.predicted, ancestors.tp, ...errorKinds];
  const rows: number[] = [];
  for (let node = 1; node < written.support.length; node++) if (sources.some((s) => s[node]! > 0)) rows.push(node);
  const columns = [Uint32Array.from(rows), ...sources.map((source) => Uint32Array.from(rows, (node) => source[node]!))];
  const header: Header = { nodes: rows.length, columns: NODE_COLUMNS, lcaDepths: stats.lcaDepths, confusions: stats.confusions };
  const head = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const body = deflateRawSync(Buffer.concat(columns.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))));
  return { nodes: rows.length, data: new Uint8Array(Buffer.concat([Buffer.from(MAGIC), length, head, body])) };
}

export function decodeNodeStatistics(bytes: Uint8Array): DecodedNodeStatistics {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = buf.subarray(0, 4).toString();
  if (magic !== MAGIC) throw new AppError("INTERNAL", `stored node statistics: expected the ${MAGIC} format, got ${JSON.stringify(magic)}`);
  const headLength = buf.readUInt32LE(4);
  const header = JSON.parse(buf.subarray(8, 8 + headLength).toString()) as Header;
  if (header.columns.join() !== NODE_COLUMNS.join())
    throw new AppError(
      "INTERNAL",
      `stored node statistics: expected columns ${NODE_COLUMNS.join(", ")}, got ${header.columns.join(", ")} (re-score the submission)`,
    );
  const body = inflateRawSync(buf.subarray(8 + headLength));
  const copy = new Uint8Array(body).buffer;
  const columns = Object.fromEntries(
    NODE_COLUMNS.map((name, i) => [name, new Uint32Array(copy, i * 4 * header.nodes, header.nodes)]),
  ) as Record<NodeColumn, Uint32Array>;
  return { nodes: header.nodes, columns, lcaDepths: header.lcaDepths, confusions: header.confusions };
}
