export { DEMO_FILES, generateDemo, type DemoData, type DemoTeamFile, type GenerateDemoOptions } from "./generate-demo.ts";
export { DEMO_TEAMS, type DemoBehaviour, type DemoTeamSpec } from "./demo-teams.ts";
export { DEMO_TOPICS, buildDemoTaxonomy, type DemoTaxonomy, type DemoTaxonomyOptions } from "./demo-taxonomy.ts";
export { drawDemoDocuments, goldTsv, type DemoDocument, type DemoGoldOptions } from "./demo-gold.ts";
export { DEMO_MEASURES, scoreDemo, type DemoScores } from "./score-demo.ts";
export { CAFA_DEMO_NAMESPACES, generateCafaDemo, type CafaDemoData, type CafaDemoTeam } from "./generate-cafa-demo.ts";
