export { readLabelFile, readTaxonomyFile } from "./read-files.ts";
export { readLinesFromFile } from "./read-lines-from-file.ts";
