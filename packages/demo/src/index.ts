export { DEMO_FILES, generateDemo } from "./generate-demo.ts";
export { DEMO_MEASURES } from "./score-demo.ts";
export { CAFA_DEMO_NAMESPACES, generateCafaDemo } from "./generate-cafa-demo.ts";
