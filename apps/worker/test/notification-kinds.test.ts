// The notifications of organisers' and admins' decisions and of a phase's calendar, end to end
// through the real SMTP catcher: a team's registration (to the organisers), approved, refused and
// disqualified (with the reason as written), a request to host answered, results published, and
// the "closes in 24 hours" reminder, which goes out once per phase and deadline however many
// sweeps and workers run. Each mail's switch and one-click unsubscribe link are honoured.
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSubmission,
  createTeam,
  createUser,
  decideHostRequest,
  endPhaseNow,
  joinTeamByCode,
  moderateTeam,
  publishResults,
  requestToHost,
  runMailJob,
  setNotification,
  unsubscribe,
  updateParticipationRules,
  type Mailer,
} from "@hierboard/platform";
import { fixture, seedTask, type SeededTask, type TestPlatform } from "@hierboard/platform/testing";
import { schedulePhaseCalendarSweep } from "@hierboard/queue";
import { startInProcessWorker, waitFor, waitForStatus } from "./helpers.ts";
import { type CaughtMail, type MailHarness, PUBLIC_URL, recipientOf, startMailHarness } from "./mail-harness.ts";

const SECRET = "notification-kinds-secret";
let h: MailHarness;
let p: TestPlatform;
let zoo: SeededTask;
let mailer: Mailer;
let worker: MailHarness["worker"];

beforeAll(async () => {
  h = await startMailHarness(SECRET);
  ({ p, seed: zoo, mailer, worker } = h);
}, 60_000);
afterAll(() => h?.stop());

const inbox = () => h.inbox();
const to = recipientOf;
const mailsTo = async (address: string) => (await inbox()).filter((c) => to(c.mail) === address);

/** Waits for the mail to `address` whose subject matches. */
function mailTo(address: string, subject: RegExp): Promise<CaughtMail> {
  return waitFor(`a mail to ${address} about ${subject}`, async () =>
    (await mailsTo(address)).find((c) => subject.test(c.mail.subject ?? "")),
  );
}

/** Waits until the worker logged `count` finished mail jobs of this kind, and returns their outcomes. */
function jobsDone(kind: string, count: number): Promise<string[]> {
  return waitFor(`${count} finished ${kind} mail job(s)`, async () => {
    const done = worker.lines.filter((l) => new RegExp(`\\[worker\\] mail-${kind}-\\S+: `).test(l));
    return done.length >= count ? done : undefined;
  });
}

function unsubscribeLinkOf(mail: ParsedMail): URL {
  const link = mail.text?.match(/https:\/\/board\.example\.org\/unsubscribe\?\S+/)?.[0];
  if (!link) throw new Error(`no unsubscribe link in "${mail.subject}"`);
  return new URL(link);
}

const noDefer = async () => {
  throw new Error("not expected to defer");
};

describe("notifications of decisions", () => {
  let oscarTeamId = "";

  it("mails the organisers a team's request to join a task that needs approval, and the team its approval", async () => {
    await updateParticipationRules({ userId: zoo.organiserId, slug: zoo.slug, requiresApproval: true, terms: "" }, p.ctx);
    const team = await createTeam({ userId: zoo.outsiderId, slug: zoo.slug, name: "Otters" }, p.ctx);
    oscarTeamId = team.id;
    const request = await mailTo("olga@zoo.test", /asks to join/);
    expect(request.mail.subject).toBe("Team Otters asks to join Zoo classification");
    expect(request.mail.text).toContain("The team Otters (Oscar Outsider) registered in Zoo classification and waits for your approval");
    expect(request.mail.text).toContain(`${PUBLIC_URL}/organise/zoo/participants`);
    expect(unsubscribeLinkOf(request.mail).searchParams.get("k")).toBe("ORGANISER_JOIN_REQUEST");

    await moderateTeam({ userId: zoo.organiserId, slug: zoo.slug, teamId: team.id, action: "approve" }, p.ctx);
    const approved = await mailTo("oscar@zoo.test", /approved/);
    expect(approved.mail.subject).toBe("Your team Otters was approved for Zoo classification");
    expect(approved.mail.text).toContain("it can submit runs now");
    expect(unsubscribeLinkOf(approved.mail).searchParams.get("k")).toBe("TEAM_APPROVED");
    // Approving again changes nothing and mails nobody.
    await moderateTeam({ userId: zoo.organiserId, slug: zoo.slug, teamId: team.id, action: "approve" }, p.ctx);
    expect((await jobsDone("team-decision", 1)).length).toBe(1);
  });

  it("mails a refused team the organiser's reason as written, escaped in the HTML part", async () => {
    const rita = await createUser({ name: "Rita Raven", email: "rita@zoo.test", password: "copper-willow-river" }, p.ctx);
    const team = await createTeam({ userId: rita.id, slug: zoo.slug, name: "Ravens" }, p.ctx);
    await mailTo("olga@zoo.test", /Ravens asks to join/);
    const reason = 'Same lab as "Otters" <one team per lab> & no second account';
    await moderateTeam({ userId: zoo.organiserId, slug: zoo.slug, teamId: team.id, action: "ban", reason }, p.ctx);
    const refused = await mailTo("rita@zoo.test", /refused/);
    expect(refused.mail.subject).toBe("Your team Ravens was refused for Zoo classification");
    expect(refused.mail.text).toContain("refused the registration of your team Ravens");
    expect(refused.mail.text).toContain(`The organisers' reason: ${reason}`);
    expect(refused.mail.html).toContain("Same lab as &quot;Otters&quot; &lt;one team per lab&gt; &amp; no second account");
    expect(refused.mail.html).not.toContain("<one team per lab>");
    expect(unsubscribeLinkOf(refused.mail).searchParams.get("k")).toBe("TEAM_REFUSED");
  });

  it("mails a disqualified team the reason; once its member unsubscribed, a second disqualification mails nothing", async () => {
    const reason = "The runs were tuned on the test gold.";
    await moderateTeam({ userId: zoo.organiserId, slug: zoo.slug, teamId: oscarTeamId, action: "disqualify", reason }, p.ctx);
    const disqualified = await mailTo("oscar@zoo.test", /disqualified/);
    expect(disqualified.mail.subject).toBe("Your team Otters was disqualified from Zoo classification");
    expect(disqualified.mail.text).toContain(`The organisers' reason: ${reason}`);

    const link = unsubscribeLinkOf(disqualified.mail);
    const [u, k, s] = ["u", "k", "s"].map((name) => link.searchParams.get(name) ?? "");
    expect(k).toBe("TEAM_DISQUALIFIED");
    expect(await unsubscribe({ userId: u!, kind: k!, signature: s!, secret: SECRET }, p.ctx)).toEqual({
      label: "My team was disqualified",
    });
    const before = (await mailsTo("oscar@zoo.test")).length;
    const done = (await jobsDone("team-decision", 3)).length;
    await moderateTeam({ userId: zoo.organiserId, slug: zoo.slug, teamId: oscarTeamId, action: "reinstate" }, p.ctx);
    await moderateTeam({ userId: zoo.organiserId, slug: zoo.slug, teamId: oscarTeamId, action: "disqualify", reason }, p.ctx);
    const outcomes = await jobsDone("team-decision", done + 1);
    expect(outcomes.at(-1)).toMatch(/: 0 sent$/);
    expect(await mailsTo("oscar@zoo.test")).toHaveLength(before);
  });

  it("mails the answer to a request to host, approved or refused; a switched-off answer is not mailed", async () => {
    const admin = await createUser({ name: "Ada Admin", email: "ada@zoo.test", password: "granite-ferry-lamp", role: "ADMIN" }, p.ctx);
    const hana = await createUser({ name: "Hana Host", email: "hana@zoo.test", password: "amber-quarry-falcon" }, p.ctx);
    const ivo = await createUser({ name: "Ivo Ink", email: "ivo@zoo.test", password: "cobalt-meadow-tide" }, p.ctx);
    const nils = await createUser({ name: "Nils Nomail", email: "nils@zoo.test", password: "linen-harbour-dusk" }, p.ctx);
    const message = "I would like to host a shared task on ICD coding.";
    const asks = await Promise.all([hana, ivo, nils].map((u) => requestToHost({ userId: u.id, message }, p.ctx)));
    await setNotification({ userId: nils.id, kind: "HOST_REQUEST_ANSWERED", enabled: false }, p.ctx);
    await decideHostRequest({ actorId: admin.id, requestId: asks[0]!.id, approve: true }, p.ctx);
    await decideHostRequest({ actorId: admin.id, requestId: asks[1]!.id, approve: false }, p.ctx);
    await decideHostRequest({ actorId: admin.id, requestId: asks[2]!.id, approve: true }, p.ctx);

    const yes = await mailTo("hana@zoo.test", /host/);
    expect(yes.mail.subject).toBe("You can host tasks on HierBoard now");
    expect(yes.mail.text).toContain(`${PUBLIC_URL}/organise`);
    const no = await mailTo("ivo@zoo.test", /host/);
    expect(no.mail.subject).toBe("Your request to host tasks was refused");
    expect(unsubscribeLinkOf(no.mail).searchParams.get("k")).toBe("HOST_REQUEST_ANSWERED");
    expect(await jobsDone("host-request-answered", 3)).toEqual(expect.arrayContaining([expect.stringMatching(/: 0 sent$/)]));
    expect(await mailsTo("nils@zoo.test")).toEqual([]);
  });

  it("mails each team that submitted to a phase once its results are published, once", async () => {
    const { id } = await createSubmission(
      {
        userId: zoo.memberId,
        slug: zoo.slug,
        subtaskKey: zoo.subtaskKey,
        phaseKey: zoo.phaseKey,
        fileName: "run.tsv",
        content: fixture("pred-good.tsv"),
      },
      p.ctx,
    );
    await waitForStatus(p.ctx.db, id, "SCORED");
    await endPhaseNow({ userId: zoo.organiserId, slug: zoo.slug, phaseKey: zoo.phaseKey }, p.ctx);
    await publishResults({ userId: zoo.organiserId, slug: zoo.slug, phaseKey: zoo.phaseKey }, p.ctx);
    const published = await mailTo("tariq@zoo.test", /published/);
    expect(published.mail.subject).toBe("Results of Zoo classification (Test) are published");
    expect(published.mail.text).toContain(`${PUBLIC_URL}/tasks/zoo?phase=test`);
    expect(unsubscribeLinkOf(published.mail).searchParams.get("k")).toBe("RESULTS_PUBLISHED");
    expect(await jobsDone("results-published", 1)).toEqual([expect.stringMatching(/: 1 sent$/)]);
    // Teams without a run in the phase are not told; publishing again, or the job again, sends nothing.
    expect((await mailsTo("oscar@zoo.test")).filter((c) => /published/.test(c.mail.subject ?? ""))).toEqual([]);
    await publishResults({ userId: zoo.organiserId, slug: zoo.slug, phaseKey: zoo.phaseKey }, p.ctx);
    const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: zoo.phaseKey, task: { slug: zoo.slug } } });
    expect(await runMailJob(p.ctx.db, mailer, { kind: "results-published", phaseId: phase.id }, { defer: noDefer })).toBe("0 sent");
    expect((await mailsTo("tariq@zoo.test")).filter((c) => /published/.test(c.mail.subject ?? ""))).toHaveLength(1);
  });
});

describe("the board of a private phase, opened at its end", () => {
  it('counts as published: the sweep mails each team with a run once, and a later "Publish results" mails nothing more', async () => {
    const owl = await seedTask(p.ctx, { slug: "owl", visibility: "PRIVATE" });
    const { id } = await createSubmission(
      {
        userId: owl.memberId,
        slug: owl.slug,
        subtaskKey: owl.subtaskKey,
        phaseKey: owl.phaseKey,
        fileName: "owl-run.tsv",
        content: fixture("pred-good.tsv"),
      },
      p.ctx,
    );
    await waitForStatus(p.ctx.db, id, "SCORED");
    const sweep = () => runMailJob(p.ctx.db, mailer, { kind: "phase-calendar-sweep" }, { defer: noDefer });
    expect(await sweep()).toBe("0 sent");
    await endPhaseNow({ userId: owl.organiserId, slug: owl.slug, phaseKey: owl.phaseKey }, p.ctx);
    expect(await sweep()).toBe("1 sent");
    expect(await sweep()).toBe("0 sent");
    const opened = await mailTo("tariq@owl.test", /published/);
    expect(opened.mail.text).toContain("The results of the phase Test of Zoo classification are published");
    expect(opened.mail.text).toContain(`${PUBLIC_URL}/tasks/owl?phase=test`);

    const done = (await jobsDone("results-published", 1)).length;
    await publishResults({ userId: owl.organiserId, slug: owl.slug, phaseKey: owl.phaseKey }, p.ctx);
    expect((await jobsDone("results-published", done + 1)).at(-1)).toMatch(/: 0 sent$/);
    expect((await mailsTo("tariq@owl.test")).filter((c) => /published/.test(c.mail.subject ?? ""))).toHaveLength(1);
  });
});

describe("the reminder of a phase closing in 24 hours", () => {
  let moth: SeededTask;
  let secondMemberId = "";
  const reminders = async () => (await inbox()).filter((c) => /^Zoo classification: Test closes /.test(c.mail.subject ?? ""));
  const sweep = () => runMailJob(p.ctx.db, mailer, { kind: "phase-calendar-sweep" }, { defer: noDefer });

  beforeAll(async () => {
    moth = await seedTask(p.ctx, { slug: "moth", endsAt: new Date(Date.now() + 12 * 3_600_000) });
    const uma = await createUser({ name: "Uma Second", email: "uma@moth.test", password: "saffron-delta-bridge" }, p.ctx);
    await joinTeamByCode({ userId: uma.id, slug: moth.slug, code: moth.inviteCode }, p.ctx);
    secondMemberId = uma.id;
    // A team of the same task that may not submit is not reminded.
    const banned = await createTeam({ userId: moth.outsiderId, slug: moth.slug, name: "Banned moths" }, p.ctx);
    await moderateTeam({ userId: moth.organiserId, slug: moth.slug, teamId: banned.id, action: "ban", reason: "spam runs" }, p.ctx);
  });

  it("mails every member of each team that may submit once, however many sweeps run at the same time", async () => {
    const outcomes = await Promise.all([sweep(), sweep(), sweep()]);
    expect(outcomes.map((o) => Number.parseInt(o, 10)).reduce((a, b) => a + b, 0)).toBe(2);
    const mails = await reminders();
    expect(mails.map((c) => to(c.mail)).sort()).toEqual(["tariq@moth.test", "uma@moth.test"]);
    const text = mails[0]!.mail.text ?? "";
    expect(text).toMatch(/The phase Test of Zoo classification closes at \d{4}-\d\d-\d\d \d\d:\d\d UTC, in about 1[12] hours\./);
    expect(text).toContain(`${PUBLIC_URL}/tasks/moth/team`);
    expect(unsubscribeLinkOf(mails[0]!.mail).searchParams.get("k")).toBe("PHASE_CLOSING");
    expect(await sweep()).toBe("0 sent");
  });

  it("is a repeatable job: two workers that both schedule it send no reminder twice", async () => {
    const second = await startInProcessWorker(p, { mailer });
    try {
      await Promise.all([schedulePhaseCalendarSweep(p.queue, 1000), schedulePhaseCalendarSweep(p.queue, 1000)]);
      expect(await p.queue.getJobSchedulersCount()).toBe(1);
      await waitFor("three scheduled sweeps", async () => {
        const runs = [...worker.lines, ...second.lines].filter((l) => /: \d+ sent$/.test(l) && l.includes("phase-calendar-sweep"));
        return runs.length >= 3 ? runs : undefined;
      });
      expect(await reminders()).toHaveLength(2);
    } finally {
      await p.queue.removeJobScheduler("phase-calendar-sweep");
      await second.stop();
    }
  });

  it("reminds again of a moved deadline, except a member who switched the reminder off", async () => {
    await setNotification({ userId: secondMemberId, kind: "PHASE_CLOSING", enabled: false }, p.ctx);
    await p.ctx.db.phase.updateMany({ where: { task: { slug: moth.slug } }, data: { endsAt: new Date(Date.now() + 20 * 3_600_000) } });
    expect(await sweep()).toBe("1 sent");
    expect(await sweep()).toBe("0 sent");
    const mails = await reminders();
    expect(mails.map((c) => to(c.mail)).sort()).toEqual(["tariq@moth.test", "tariq@moth.test", "uma@moth.test"]);
    expect(mails.at(-1)!.mail.text).toContain("in about 20 hours");
  });
});

describe("every notification mail", () => {
  it("has a text and an HTML part, a List-Unsubscribe header, and nothing that tracks", async () => {
    const all = await inbox();
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (const { mail, raw } of all) {
      expect(mail.text, mail.subject).toContain("Switch it off with one click: https://board.example.org/unsubscribe?");
      expect(mail.html, mail.subject).toContain("<p>");
      expect(raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/board\.example\.org\/unsubscribe\?/m);
      expect(mail.html).not.toMatch(/<img|<script|src=|pixel/i);
    }
  });
});
