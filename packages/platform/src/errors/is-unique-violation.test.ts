import { createTestDatabase, type TestDatabase } from "@hierboard/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "./is-unique-violation.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** The error a write throws, or a failure when it does not throw. */
async function thrownBy(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("expected the write to throw, it succeeded");
}

describe("isUniqueViolation", () => {
  it("is true for the error PostgreSQL's unique index raises through Prisma", async () => {
    const user = { name: "Ada", email: "ada@unique.test", passwordHash: "x" };
    await database.db.user.create({ data: user });
    const error = await thrownBy(() => database.db.user.create({ data: user }));
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("is false for other database errors and for anything that is not a Prisma error", async () => {
    const missing = await thrownBy(() => database.db.user.update({ where: { id: "no-such-user" }, data: { name: "B" } }));
    expect((missing as { code?: string }).code).toBe("P2025");
    expect(isUniqueViolation(missing)).toBe(false);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation("P2002")).toBe(false);
  });
});
