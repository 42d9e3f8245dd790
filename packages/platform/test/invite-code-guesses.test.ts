// Guessing invitation codes (docs/security.md): wrong codes are counted per account and per
// address, and once a budget is spent even the right code is refused until the lock ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createInvitation, createUser, joinTeamByCode } from "../src/index.ts";
import { INVITE_GUESS_PER_ACCOUNT, INVITE_GUESS_PER_IP } from "../src/security/attempt-limits.ts";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
let code: string;
let users = 0;
beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  code = (await createInvitation({ userId: seed.memberId, slug: seed.slug }, p.ctx)).code;
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

async function newUser(): Promise<string> {
  users += 1;
  return (await createUser({ name: `Guesser ${users}`, email: `guesser-${users}@invite.test`, password: "granite-harbour-77" }, p.ctx)).id;
}

async function errorCodeOf(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

const wrongCode = (i: number) => `ZZZZ-${String(i).padStart(4, "0").replace(/0/g, "Q")}`;

describe("invitation code guesses are throttled", () => {
  it(`per account: after ${INVITE_GUESS_PER_ACCOUNT.points} wrong codes even the right one is 429, and nobody joins`, async () => {
    const userId = await newUser();
    for (let i = 0; i < INVITE_GUESS_PER_ACCOUNT.points; i++)
      expect(await errorCodeOf(joinTeamByCode({ userId, slug: seed.slug, code: wrongCode(i), ip: "192.0.2.1" }, p.ctx))).toBe("NOT_FOUND");
    const refused = await joinTeamByCode({ userId, slug: seed.slug, code, ip: "192.0.2.1" }, p.ctx).catch((e: AppError) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("TOO_MANY_ATTEMPTS");
    expect((refused as AppError).message).toMatch(/^Too many wrong invitation codes from this account\. Try again in 15 minutes/);
    expect(await p.ctx.db.membership.count({ where: { userId } })).toBe(0);
  });

  it(`per address: after ${INVITE_GUESS_PER_IP.points} wrong codes from one address, a fresh account there is refused, elsewhere it joins`, async () => {
    const address = "198.51.100.40";
    let guesses = 0;
    while (guesses < INVITE_GUESS_PER_IP.points) {
      const userId = await newUser();
      for (let i = 0; i < INVITE_GUESS_PER_ACCOUNT.points && guesses < INVITE_GUESS_PER_IP.points; i++, guesses++)
        await joinTeamByCode({ userId, slug: seed.slug, code: wrongCode(guesses), ip: address }, p.ctx).catch(() => undefined);
    }
    const fresh = await newUser();
    expect(await errorCodeOf(joinTeamByCode({ userId: fresh, slug: seed.slug, code, ip: address }, p.ctx))).toBe("TOO_MANY_ATTEMPTS");
    expect(await p.ctx.db.membership.count({ where: { userId: fresh } })).toBe(0);
    const joined = await joinTeamByCode({ userId: fresh, slug: seed.slug, code, ip: "203.0.113.77" }, p.ctx);
    expect(joined.teamId).toBe(seed.teamId);
  });

  it("a right code on the first try joins, and wrong codes below the budget do not stop it", async () => {
    const userId = await newUser();
    for (let i = 0; i < 3; i++)
      await joinTeamByCode({ userId, slug: seed.slug, code: wrongCode(100 + i), ip: "192.0.2.9" }, p.ctx).catch(() => undefined);
    expect((await joinTeamByCode({ userId, slug: seed.slug, code, ip: "192.0.2.9" }, p.ctx)).teamId).toBe(seed.teamId);
  });
});
