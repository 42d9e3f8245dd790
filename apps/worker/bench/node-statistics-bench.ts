// The explorer's per-node statistics at LSHTC scale: time to compute them (the worker's step), the
// stored size, and the first answer the explorer page loads (3 levels, 600 rows) in time and bytes,
// as a server answers it after a start: the taxonomy's stored outline decoded (not the file parsed),
// the stored statistics inflated and indexed, the rows built.
// Usage: pnpm --filter @hierboard/worker bench:nodes [NODES] [DOCUMENTS]   (default 325000 200000)
import { mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { nodeStatistics, parseLabelText, parseTaxonomy, ROOT } from "@hierboard/metrics";
import {
  decodeNodeStatistics,
  decodeTaxonomyOutline,
  encodeNodeStatistics,
  encodeTaxonomyOutline,
  nodeRows,
  subtreeRows,
} from "@hierboard/platform";
import { lshtcTask } from "./lshtc-task.ts";

const nodes = Number(process.argv[2] ?? 325_000);
const documents = Number(process.argv[3] ?? 200_000);
const root = path.join(os.tmpdir(), "hierboard-bench");
mkdirSync(root, { recursive: true });
const files = await lshtcTask(root, nodes, documents);
// What storing the taxonomy version does: parse the file, encode its outline.
const taxonomyText = readFileSync(files.taxonomy);
const parseStart = performance.now();
const taxonomy = parseTaxonomy(taxonomyText, { fileName: "taxonomy.tsv" });
const taxonomyParseMs = Math.round(performance.now() - parseStart);
const encodeOutlineStart = performance.now();
const outlineBytes = encodeTaxonomyOutline(taxonomy);
const outlineEncodeMs = Math.round(performance.now() - encodeOutlineStart);
const gold = parseLabelText(readFileSync(files.gold), { taxonomy, role: "gold", fileName: "gold.tsv" });
const pred = parseLabelText(readFileSync(files.pred), { taxonomy, role: "prediction", fileName: "pred.tsv" });

const ms = (t0: number) => (performance.now() - t0).toFixed(0);
let t0 = performance.now();
const stats = nodeStatistics({ taxonomy, gold, pred });
const computeMs = ms(t0);
t0 = performance.now();
const encoded = encodeNodeStatistics(stats);
const encodeMs = ms(t0);
// The first answer after a restart: decode the stored outline, inflate the stored row, index it, build the top levels' rows.
t0 = performance.now();
const outline = decodeTaxonomyOutline(outlineBytes);
const outlineDecodeMs = ms(t0);
let t1 = performance.now();
const decoded = decodeNodeStatistics(encoded.data);
const decodeMs = ms(t1);
t1 = performance.now();
const rows = nodeRows(outline, decoded, "written");
const indexMs = ms(t1);
t1 = performance.now();
const first = subtreeRows(outline, ROOT, 3, 600, rows);
const rowsMs = ms(t1);
const answerMs = ms(t0);
// A zoom: the decoded statistics are cached, so only the subtree's rows are built.
t0 = performance.now();
const zoom = subtreeRows(outline, outline.childrenOf(ROOT)[0]!, 3, 600, nodeRows(outline, decoded, "written"));
const zoomMs = ms(t0);
const answerBytes = Buffer.byteLength(JSON.stringify(first.nodes));
console.log(
  JSON.stringify({
    nodes: taxonomy.size,
    taxonomyParseMs,
    outlineEncodeMs,
    outlineBytes: outlineBytes.byteLength,
    documents: gold.documents,
    computeMs: Number(computeMs),
    storedRows: encoded.nodes,
    storedBytes: encoded.data.byteLength,
    encodeMs: Number(encodeMs),
    firstAnswerMs: Number(answerMs),
    firstAnswerSteps: {
      outlineDecodeMs: Number(outlineDecodeMs),
      decodeMs: Number(decodeMs),
      indexMs: Number(indexMs),
      rowsMs: Number(rowsMs),
    },
    firstAnswerRows: first.nodes.length,
    firstAnswerTruncated: first.truncated,
    firstAnswerJsonBytes: answerBytes,
    zoomAnswerMs: Number(zoomMs),
    zoomAnswerRows: zoom.nodes.length,
  }),
);
