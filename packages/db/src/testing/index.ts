export { createTestDatabase, TEST_SERVER_URL, testServerMajorVersion, type TestDatabase } from "./test-database.ts";
