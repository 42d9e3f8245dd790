export { createTestPlatform, TEST_REDIS_URL, type TestPlatform } from "./test-platform.ts";
export { seedTask, type SeededTask } from "./seed-task.ts";
export { fixture, fixtureText } from "./fixtures.ts";
export { scoreStoredSubmission, storeScores } from "./store-scores.ts";
export { addScoredBaseline } from "./scored-baseline.ts";
export { checkSampleSubmissions } from "./check-sample-submissions.ts";
export { compileLatexTable, pdflatexPath, PDFLATEX_MISSING } from "./compile-latex.ts";
export { syntheticCafaTask } from "./synthetic-cafa-task.ts";
export { submitAsMember } from "./submit-as-member.ts";
