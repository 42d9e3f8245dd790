export { readLabelFile, readTaxonomyFile } from "./read-files.ts";
export { readLinesFromChunks, readLinesFromFile } from "./read-lines-from-file.ts";
