// Notifications end to end: a scored run mails its team (with the score and a link), a run that
// fails to score mails its team and the task's organisers (with the reason, once), "scored" mails
// are batched per team per 10 minutes, and the one-click unsubscribe link switches a kind off.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppError, createSubmission, runMailJob, unsubscribe, type Mailer } from "@hierboard/platform";
import { fixture, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { waitFor, waitForStatus } from "./helpers.ts";
import { type CaughtMail, type MailHarness, PUBLIC_URL, recipientOf, startMailHarness } from "./mail-harness.ts";

const SECRET = "notification-test-secret";
let h: MailHarness;
let p: TestPlatform;
let seed: SeededTask;
let mailer: Mailer;

beforeAll(async () => {
  h = await startMailHarness(SECRET);
  ({ p, seed, mailer } = h);
}, 60_000);
afterAll(() => h?.stop());

async function inbox(): Promise<ParsedMail[]> {
  return (await h.inbox()).map((c) => c.mail);
}
const to = recipientOf;

async function submit(fileName: string) {
  const { id } = await createSubmission(
    {
      userId: seed.memberId,
      slug: seed.slug,
      subtaskKey: seed.subtaskKey,
      phaseKey: seed.phaseKey,
      fileName,
      content: fixture("pred-good.tsv"),
    },
    p.ctx,
  );
  await waitForStatus(p.ctx.db, id, "SCORED");
  return id;
}

const neverDefer = async () => {
  throw new Error("not expected to defer");
};

describe("notification mails", () => {
  let unsubscribeLink = "";

  it("mails the team's member when a run is scored: the main score, a link and an unsubscribe link", async () => {
    const id = await submit("first-run.tsv");
    const [mail] = await waitFor("the scored mail", async () => ((await inbox()).length === 1 ? inbox() : undefined));
    expect(to(mail!)).toBe("tariq@zoo.test");
    expect(mail!.subject).toBe("Your run was scored: first-run.tsv");
    const score = await p.ctx.db.score.findFirstOrThrow({ where: { submissionId: id, measure: "micro.f1" } }).catch(() => null);
    expect(mail!.text).toMatch(/first-run\.tsv for .*: [\w.-]+ = \d\.\d{4}\./);
    if (score?.value != null) expect(mail!.text).toContain(score.value.toFixed(4));
    expect(mail!.text).toContain(`${PUBLIC_URL}/tasks/${seed.slug}/submissions/${id}`);
    unsubscribeLink = mail!.text?.match(/https:\/\/board\.example\.org\/unsubscribe\?\S+/)?.[0] ?? "";
    expect(unsubscribeLink).toMatch(/k=SUBMISSION_SCORED/);
    const [{ raw }] = (await h.inbox()) as [CaughtMail];
    expect(raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/board\.example\.org\/unsubscribe\?/m);
  });

  it("holds later runs of the team within 10 minutes and folds them into one mail that says so", async () => {
    await submit("second-run.tsv");
    await submit("third-run.tsv");
    await waitFor("two deferred scored mails", async () =>
      h.worker.lines.filter((l) => l.endsWith(": deferred")).length >= 2 ? true : undefined,
    );
    expect(await inbox()).toHaveLength(1);
    // Ten minutes later the team's batch job runs (here: called at that time).
    const later = new Date(Date.now() + 10 * 60 * 1000 + 1000);
    expect(await runMailJob(p.ctx.db, mailer, { kind: "team-scored", teamId: seed.teamId }, { now: later, defer: neverDefer })).toBe(
      "1 sent",
    );
    const mails = await inbox();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("2 runs of your team were scored");
    expect(mails[1]!.text).toContain(
      "2 runs of your team were scored since our last mail (we send at most one such mail per team every 10 minutes)",
    );
    expect(mails[1]!.text).toMatch(/second-run\.tsv[\s\S]*third-run\.tsv/);
    // Nothing new since: the same job sends nothing more.
    const evenLater = new Date(later.getTime() + 11 * 60 * 1000);
    expect(await runMailJob(p.ctx.db, mailer, { kind: "team-scored", teamId: seed.teamId }, { now: evenLater, defer: neverDefer })).toBe(
      "0 sent",
    );
  });

  it("mails the team and the organiser the reason of a run that fails to score, once", async () => {
    const good = await p.ctx.db.submission.findFirstOrThrow({ where: { teamId: seed.teamId } });
    // Bypasses the upload validation on purpose: as if the taxonomy had changed under it.
    const broken = await p.ctx.db.submission.create({
      data: {
        teamId: seed.teamId,
        uploaderId: seed.memberId,
        subtaskId: good.subtaskId,
        phaseId: good.phaseId,
        fileName: "broken.tsv",
        content: fixture("pred-unknown-label.tsv") as Uint8Array<ArrayBuffer>,
        contentHash: "x",
        sizeBytes: 1,
      },
    });
    const before = (await inbox()).length;
    await p.ctx.enqueueScoring(broken.id);
    await waitForStatus(p.ctx.db, broken.id, "FAILED");
    const mails = await waitFor("two failed mails", async () => {
      const all = await inbox();
      return all.length >= before + 2 ? all.slice(before) : undefined;
    });
    const byRecipient = Object.fromEntries(mails.map((m) => [to(m), m]));
    expect(byRecipient["tariq@zoo.test"]?.subject).toBe("Your run broken.tsv failed to score");
    expect(byRecipient["tariq@zoo.test"]?.text).toMatch(/The reason: broken\.tsv:3: .*Unicorns/);
    expect(byRecipient["olga@zoo.test"]?.subject).toMatch(/^A submission by .+ failed to score$/);
    expect(byRecipient["olga@zoo.test"]?.text).toContain(`${PUBLIC_URL}/organise/${seed.slug}/submissions`);
    // Never twice for the same submission.
    expect(await runMailJob(p.ctx.db, mailer, { kind: "submission-outcome", submissionId: broken.id }, { defer: neverDefer })).toBe(
      "0 sent",
    );
  });

  it("switches a kind off through the unsubscribe link, without signing in; a forged link changes nothing", async () => {
    const url = new URL(unsubscribeLink);
    const [userId, kind, signature] = ["u", "k", "s"].map((k) => url.searchParams.get(k) ?? "");
    const forged = await unsubscribe({ userId: seed.outsiderId, kind: kind!, signature: signature!, secret: SECRET }, p.ctx).catch(
      (e: unknown) => e,
    );
    expect((forged as AppError).code).toBe("INVALID_TOKEN");
    expect(await p.ctx.db.mutedNotification.count()).toBe(0);

    expect(await unsubscribe({ userId: userId!, kind: kind!, signature: signature!, secret: SECRET }, p.ctx)).toEqual({
      label: "A run of my team was scored",
    });
    await submit("fourth-run.tsv");
    const later = new Date(Date.now() + 30 * 60 * 1000);
    const before = (await inbox()).length;
    expect(await runMailJob(p.ctx.db, mailer, { kind: "team-scored", teamId: seed.teamId }, { now: later, defer: neverDefer })).toBe(
      "0 sent",
    );
    expect(await inbox()).toHaveLength(before);
  });
});
