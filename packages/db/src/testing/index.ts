export { createTestDatabase, TEST_SERVER_URL, type TestDatabase } from "./test-database.ts";
