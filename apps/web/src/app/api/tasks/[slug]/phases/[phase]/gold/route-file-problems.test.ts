// The gold upload route refuses a misread gold file with every problem and the hint in its 422 body,
// and says how many documents have no label when it stores one (real database and engine thread).
import { configurePlatform, createApiToken } from "@hierboard/platform";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeParams } from "@/server/testing/route-test-doubles";

process.env.LOG_LEVEL = "warn";
const { POST } = await import("./route");

let p: TestPlatform;
let seed: SeededTask;
let token = "";

beforeAll(async () => {
  p = await createTestPlatform();
  configurePlatform(p.ctx);
  seed = await seedTask(p.ctx);
  token = (await createApiToken({ userId: seed.organiserId, name: "gold test", scope: "SUBMIT" }, p.ctx)).token;
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

async function upload(content: string): Promise<Response> {
  const form = new FormData();
  form.set("file", new File([content], "gold.tsv"));
  const request = new Request(`http://127.0.0.1/api/tasks/${seed.slug}/phases/${seed.phaseKey}/gold`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return POST(request, routeParams({ slug: seed.slug, phase: seed.phaseKey }));
}

describe("POST gold: files that look wrong", () => {
  it("422 with every line of a ';'-separated gold file and the delimiter hint; nothing stored", async () => {
    const before = await p.ctx.db.goldVersion.count();
    const response = await upload("d1;Cats\nd2;Birds\nd3\tTrees\nd4;Dogs\n");
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as { error: { code: string; issues: { line: number }[]; hint: string } };
    expect(error.code).toBe("INVALID_FILE");
    expect(error.issues.map((issue) => issue.line)).toEqual([1, 2, 4]);
    expect(error.hint).toContain("fields are separated by ';'; expected tabs");
    expect(await p.ctx.db.goldVersion.count()).toBe(before);
  });

  it("201 with the count of documents without a label", async () => {
    const response = await upload("d1\tCats\nd2\tBirds\nd3\n");
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ documents: 3, unlabelled: 1 });
  });
});
