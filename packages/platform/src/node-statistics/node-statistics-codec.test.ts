// The stored per-node statistics: every count and every confusion survive the round trip (a
// shard's statistics keep all confusions for the merge), the earlier HBN1 rows still read, and a
// damaged or foreign row is refused with what was expected.
import { deflateRawSync } from "node:zlib";
import { NodeStatisticsCounter, nodeStatistics, parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { describe, expect, it } from "vitest";
import { decodeNodeStatistics, denseNodeStatistics, encodeNodeStatistics, NODE_COLUMNS } from "./node-statistics-codec.ts";

// root → A → {A1, A2}, root → B → {B1, B2}
const taxonomy = parseTaxonomy("\tA\n\tB\nA\tA1\nA\tA2\nB\tB1\nB\tB2\n");
const gold = parseLabelText("d1\tA1\nd2\tA2\nd3\tB1\nd4\tB2\nd5\tA1\n", { taxonomy, role: "gold" });
const pred = parseLabelText("d1\tA2\nd2\tB1\nd3\tB2\nd4\tB2\nd5\tA1\tB1\n", { taxonomy, role: "prediction" });

describe("node statistics codec", () => {
  it("keeps every count and every confusion (a shard's full list), dense again over the same taxonomy", () => {
    const stats = nodeStatistics({ taxonomy, gold, pred, confusionLimit: Number.POSITIVE_INFINITY });
    expect(stats.confusions.length).toBe(4);
    const decoded = decodeNodeStatistics(encodeNodeStatistics(stats).data);
    expect(decoded.confusions).toEqual(stats.confusions);
    expect(decoded.lcaDepths).toEqual(stats.lcaDepths);
    const dense = denseNodeStatistics(taxonomy, decoded);
    expect(dense.written).toEqual(stats.written);
    expect(dense.ancestors).toEqual(stats.ancestors);
    expect(dense.errorKinds).toEqual(stats.errorKinds);
    // Added up from the decoded copy: the same statistics again.
    const counter = new NodeStatisticsCounter(taxonomy);
    counter.add(dense);
    expect(counter.finish(2).confusions).toEqual(stats.confusions.slice(0, 2));
  });

  it("reads a row stored in the earlier HBN1 format (confusions in the header)", () => {
    const stats = nodeStatistics({ taxonomy, gold, pred });
    const current = decodeNodeStatistics(encodeNodeStatistics(stats).data);
    const header = Buffer.from(
      JSON.stringify({ nodes: current.nodes, columns: NODE_COLUMNS, lcaDepths: current.lcaDepths, confusions: current.confusions }),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    const columns = Buffer.concat(NODE_COLUMNS.map((c) => Buffer.from(current.columns[c].slice().buffer)));
    const legacy = Buffer.concat([Buffer.from("HBN1"), length, header, deflateRawSync(columns)]);
    const decoded = decodeNodeStatistics(legacy);
    expect(decoded.confusions).toEqual(stats.confusions);
    expect(decoded.columns.writtenTp).toEqual(current.columns.writtenTp);
  });

  it("refuses a row of another format, naming the formats it reads", () => {
    expect(() => decodeNodeStatistics(Buffer.from("XXXX0000"))).toThrow(/expected the HBN1 or HBN2 format, got "XXXX"/);
  });

  it("refuses statistics over a larger taxonomy than the one given, naming the node", () => {
    const decoded = decodeNodeStatistics(encodeNodeStatistics(nodeStatistics({ taxonomy, gold, pred })).data);
    const smaller = parseTaxonomy("\tA\n");
    expect(() => denseNodeStatistics(smaller, decoded)).toThrow(/expected node ids below 2, got \d+/);
  });
});
