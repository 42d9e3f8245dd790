// The upload routes against a real database, Redis and the real platform: one client address may
// hold at most MAX_OPEN_UPLOADS_PER_ADDRESS uploads open at once, whichever accounts send them; the
// next one (predictions or gold) is refused before its body is read, and another address is not.
import { configurePlatform, createApiToken, createUser, MAX_OPEN_UPLOADS_PER_ADDRESS } from "@hierboard/platform";
import { createTestPlatform, fixtureText, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, routeParams } from "@/server/testing/route-test-doubles";

process.env.LOG_LEVEL = "warn";
const { POST } = await import("./route");
const { POST: postGold } = await import("../phases/[phase]/gold/route");

let p: TestPlatform;
let seed: SeededTask;
const tokens: string[] = [];
const userIds: string[] = [];
const ADDRESS = "198.51.100.23";

beforeAll(async () => {
  p = await createTestPlatform({ uploadAttempts: 10 });
  configurePlatform(p.ctx);
  seed = await seedTask(p.ctx);
  const team = await p.ctx.db.membership.findFirstOrThrow({ where: { userId: seed.memberId } });
  // Enough team members for every slot of one address, and one more.
  for (let i = 0; i < MAX_OPEN_UPLOADS_PER_ADDRESS / 2 + 1; i++) {
    const user = await createUser({ name: `Member ${i}`, email: `member-${i}@address.test`, password: "a long member password 1" }, p.ctx);
    await p.ctx.db.membership.create({ data: { taskId: team.taskId, teamId: team.teamId, userId: user.id } });
    userIds.push(user.id);
    tokens.push((await createApiToken({ userId: user.id, name: "upload test", scope: "SUBMIT" }, p.ctx)).token);
  }
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

function upload(token: string, address: string): Request {
  const form = new FormData();
  form.set("subtask", seed.subtaskKey);
  form.set("phase", seed.phaseKey);
  form.set("file", new File([fixtureText("pred-good.tsv")], "pred.tsv"));
  return new Request(`http://127.0.0.1/api/tasks/${seed.slug}/submissions`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": address },
  });
}

describe("uploads in flight are capped per client address", () => {
  it(`refuses upload ${MAX_OPEN_UPLOADS_PER_ADDRESS + 1} from one address, the body unread, whatever the account`, async () => {
    const ends: (() => void)[] = [];
    const slowUpload = (token: string) => {
      const boundary = "slow-boundary";
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="subtask"\r\n\r\n${seed.subtaskKey}\r\n`),
          );
          ends.push(() => {
            controller.enqueue(new TextEncoder().encode(`--${boundary}--\r\n`));
            controller.close();
          });
        },
      });
      return new Request(`http://127.0.0.1/api/tasks/${seed.slug}/submissions`, {
        method: "POST",
        body,
        duplex: "half",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "x-forwarded-for": ADDRESS,
        },
      } as RequestInit);
    };
    const held: (Response | Promise<Response>)[] = [];
    for (const token of tokens.slice(0, MAX_OPEN_UPLOADS_PER_ADDRESS / 2))
      for (let i = 0; i < 2; i++) held.push(POST(slowUpload(token), routeParams({ slug: seed.slug })));
    const addressKey = `${p.prefix}:uploads-open-address:${ADDRESS}`;
    await expect.poll(async () => Number(await p.redis.get(addressKey))).toBe(MAX_OPEN_UPLOADS_PER_ADDRESS);

    const lastToken = tokens.at(-1)!;
    const refused = upload(lastToken, ADDRESS);
    const answer = await POST(refused, routeParams({ slug: seed.slug }));
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain(
      `at most ${MAX_OPEN_UPLOADS_PER_ADDRESS} uploads at a time from one address`,
    );
    expect(refused.bodyUsed).toBe(false);
    // The refused upload gave its account slot back at once.
    expect(Number(await p.redis.get(`${p.prefix}:uploads-open:${userIds.at(-1)!}`))).toBe(0);

    // The gold route shares the cap: the organiser's upload from that address is refused unread too.
    const gold = new FormData();
    gold.set("file", new File([fixtureText("gold.tsv")], "gold.tsv"));
    const goldToken = (await createApiToken({ userId: seed.organiserId, name: "gold", scope: "SUBMIT" }, p.ctx)).token;
    const goldRequest = new Request(`http://127.0.0.1/api/tasks/${seed.slug}/phases/${seed.phaseKey}/gold`, {
      method: "POST",
      body: gold,
      headers: { authorization: `Bearer ${goldToken}`, "x-forwarded-for": ADDRESS },
    });
    const goldAnswer = await postGold(goldRequest, routeParams({ slug: seed.slug, phase: seed.phaseKey }));
    expect(await errorCode(goldAnswer)).toBe("RATE_LIMITED");
    expect(goldRequest.bodyUsed).toBe(false);

    // Another address is not held back by this one.
    const elsewhere = await POST(upload(lastToken, "203.0.113.5"), routeParams({ slug: seed.slug }));
    expect(elsewhere.status).toBe(201);

    for (const end of ends) end();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(MAX_OPEN_UPLOADS_PER_ADDRESS).fill(422));
    expect(Number(await p.redis.get(addressKey))).toBe(0);
  });
});
