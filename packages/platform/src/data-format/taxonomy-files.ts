import { ROOT, type Taxonomy } from "@hierboard/metrics";

/** The (cut) taxonomy as `parent<TAB>child` lines; top-level nodes as `<TAB>child`, in file order. */
export function taxonomyTsv(taxonomy: Taxonomy): string {
  return (
    taxonomy
      .edges()
      .map(([parent, child]) => `${parent ?? ""}\t${child}`)
      .join("\n") + "\n"
  );
}

/** The (cut) taxonomy as `{"edges": [[parent, child], …]}`, `null` for the root. */
export function taxonomyJson(taxonomy: Taxonomy): string {
  return `${JSON.stringify({ edges: taxonomy.edges() }, null, 1)}\n`;
}

/** Every label of the (cut) taxonomy: `label<TAB>depth<TAB>parent…`, with a header line. */
export function labelListTsv(taxonomy: Taxonomy): string {
  const lines = ["label\tdepth\tparents"];
  for (let id = 1; id < taxonomy.nodeCount; id++) {
    const parents = taxonomy.parents[id]!.filter((p) => p !== ROOT).map((p) => taxonomy.names[p]!);
    lines.push([taxonomy.names[id]!, taxonomy.depth[id]!, ...parents].join("\t"));
  }
  return lines.join("\n") + "\n";
}
