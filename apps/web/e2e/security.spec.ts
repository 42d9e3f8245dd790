// Attacks from docs/security.md that need a real browser: the open redirect after sign-in, a page
// framed by another origin, CSRF from a second origin on loopback (another port), and the status
// codes a participant gets on organiser and admin pages (403/404, never 500).
import { createServer, type Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { signOut, signUp, signUpWithRole } from "./accounts";

const port = Number(process.env.E2E_PORT ?? 3100);
const site = `http://127.0.0.1:${port}`;
const attackerPort = port + 1;
const attacker = `http://127.0.0.1:${attackerPort}`;
const run = Date.now().toString(36);
const victim = { name: "Vera Victim", email: `vera-${run}@example.test`, password: "quartz-lantern-meadow" };

let server: Server;
test.beforeAll(async () => {
  // The attacker's site: same host, another port (a different origin, the same site for cookies).
  server = createServer((request, response) => {
    const pages: Record<string, string> = {
      "/frame": `<!doctype html><title>framer</title><iframe id="victim" src="${site}/profile" width="800" height="600"></iframe>`,
      "/frame-own": `<!doctype html><title>framer</title><iframe id="victim" src="${attacker}/plain" width="800" height="600"></iframe>`,
      "/plain": `<!doctype html><title>plain</title><p>framable</p>`,
      "/csrf": `<!doctype html><title>csrf</title>
        <form id="f" method="POST" enctype="multipart/form-data" action="${site}/api/tasks/any-task/submissions">
          <input name="subtask" value="a"><input name="phase" value="test"><textarea name="file">d1\tA</textarea>
        </form><script>document.getElementById("f").submit()</script>`,
    };
    const body = pages[new URL(request.url ?? "/", attacker).pathname];
    response.writeHead(body ? 200 : 404, { "content-type": "text/html" });
    response.end(body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(attackerPort, "127.0.0.1", resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function signIn(page: Page, callbackUrl?: string) {
  await page.goto(callbackUrl === undefined ? "/signin" : `/signin?callbackUrl=${callbackUrl}`);
  await page.getByLabel("Email").fill(victim.email);
  await page.getByLabel("Password").fill(victim.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("sign up, then the security attacks are refused", async ({ page, request }) => {
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });

  // Security headers on the home page and a page with a form, set once for every response.
  for (const path of ["/", "/signin"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }

  // Sign-up works under the CSP (the form is a client component: its script ran).
  await signUp(page, victim);
  await signOut(page);

  // Open redirect: `/\example.org/` after sign-in must stay on this origin.
  for (const callbackUrl of ["/%5Cexample.org/", "/%5Clocalhost:8766/", "//example.org/"]) {
    await signIn(page, callbackUrl);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(site);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  }
  // A same-site callback is still honoured.
  await signIn(page, encodeURIComponent("/profile"));
  await page.waitForURL(`${site}/profile`);
  await expect(page.getByRole("heading", { name: victim.name })).toBeVisible();

  // The changed pages at desktop and phone widths: no page is wider than a 390 px viewport.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/profile", "/signin?notice=signed-up", "/signup"]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`${path.slice(1).replace(/\W.*/, "")}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Framing: the signed-in profile does not render inside another origin's iframe...
  const framed = await page.context().newPage();
  await framed.goto(`${attacker}/frame`);
  const victimFrame = () => framed.frames().find((frame) => frame !== framed.mainFrame());
  await expect.poll(() => victimFrame()?.url() ?? "").not.toBe("");
  await expect.poll(() => victimFrame()?.url()).toMatch(/^chrome-error:/);
  expect(await framed.frameLocator("#victim").getByText("API tokens").count()).toBe(0);
  // ...while a page without frame-ancestors does (the check above can fail).
  await framed.goto(`${attacker}/frame-own`);
  await expect(framed.frameLocator("#victim").getByText("framable")).toBeVisible();

  // CSRF: a form on another origin posts to the cookie-authenticated upload API.
  const csrf = await page.context().newPage();
  const answered = csrf.waitForResponse((response) => response.url() === `${site}/api/tasks/any-task/submissions`);
  await csrf.goto(`${attacker}/csrf`);
  const refused = await answered;
  const refusedBody = await refused.text();
  expect(refused.status(), refusedBody.slice(0, 2000)).toBe(403);
  expect(JSON.parse(refusedBody) as unknown).toMatchObject({ error: { code: "CROSS_ORIGIN" } });
  // The upload API runs without the proxy (bodies are not cloned); its headers come from next.config.
  expect(refused.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(refused.headers()["x-content-type-options"]).toBe("nosniff");
  expect(refused.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // The same request from this site's own page passes the origin check (and meets the next one:
  // no such task), so the 403 above is the origin check and nothing else.
  const own = await page.evaluate(async () => {
    const form = new FormData();
    form.set("subtask", "a");
    form.set("phase", "test");
    form.set("file", new File(["d1\tA\n"], "p.tsv"));
    const response = await fetch("/api/tasks/any-task/submissions", { method: "POST", body: form });
    return { status: response.status, body: (await response.json()) as { error?: { code?: string } } };
  });
  expect(own.status).toBe(404);
  expect(own.body.error?.code).toBe("NOT_FOUND");

  expect(cspViolations).toEqual([]);
});

test("a participant gets 403 or 404 on organiser and admin pages, never 500", async ({ page, browser }) => {
  const slug = `sec-${run}`;
  const organiser = { name: "Orla Owner", email: `orla-${run}@example.test`, password: "granite-orchard-violet" };
  const participant = { name: "Paul Part", email: `paul-${run}@example.test`, password: "copper-willow-harbour" };

  // Someone else's task: an organiser (granted by an admin) creates it.
  const organiserContext = await browser.newContext();
  const organiserPage = await organiserContext.newPage();
  await signUpWithRole(organiserPage, organiser, "ORGANISER", "/organise");
  const createTask = organiserPage.getByTestId("create-task");
  await createTask.getByLabel("Slug").fill(slug);
  await createTask.getByLabel("Title").fill("Someone else's task");
  await createTask.getByRole("button", { name: "Create task" }).click();
  await organiserPage.waitForURL(`**/organise/${slug}`);
  // The pages exist and serve their organiser (the 403s below are about who asks).
  for (const path of [`/organise/${slug}`, `/organise/${slug}/submissions`, `/organise/${slug}/audit`, `/organise/${slug}/participants`]) {
    expect((await organiserPage.goto(path))?.status(), path).toBe(200);
  }
  await organiserContext.close();

  // Anonymous: sent to sign in.
  await page.goto(`/organise/${slug}/audit`);
  await page.waitForURL(/\/signin\?callbackUrl=/);

  await signUp(page, participant);
  const statuses: Record<string, number | undefined> = {};
  for (const path of [`/organise/${slug}`, `/organise/${slug}/submissions`, `/organise/${slug}/audit`, `/organise/${slug}/participants`]) {
    statuses[path] = (await page.goto(path))?.status();
    await expect(page.getByRole("heading", { name: "Not for this account" })).toBeVisible();
  }
  const missing = ["", "/submissions", "/audit", "/participants"].map((tail) => `/organise/no-such-task${tail}`);
  for (const path of [...missing, "/admin/users", "/admin/status"]) {
    statuses[path] = (await page.goto(path))?.status();
  }
  expect(statuses).toEqual({
    [`/organise/${slug}`]: 403,
    [`/organise/${slug}/submissions`]: 403,
    [`/organise/${slug}/audit`]: 403,
    [`/organise/${slug}/participants`]: 403,
    ...Object.fromEntries(missing.map((path) => [path, 404])),
    "/admin/users": 404,
    "/admin/status": 404,
  });

  // A file form posted to the console (server actions): judged before its body is read.
  const fileForm = () => ({
    headers: { "next-action": "7f00aa", "content-type": "multipart/form-data; boundary=x" },
    data: Buffer.alloc(2 * 1024 * 1024, "x"),
    failOnStatusCode: false,
  });
  const asParticipant = await page.request.post(`/organise/${slug}`, fileForm());
  expect([asParticipant.status(), (await asParticipant.json()).error.code]).toEqual([403, "FORBIDDEN"]);
  const anonymous = await browser.newContext();
  const asVisitor = await anonymous.request.post(`${site}/organise/${slug}`, fileForm());
  expect([asVisitor.status(), (await asVisitor.json()).error.code]).toEqual([401, "UNAUTHENTICATED"]);
  const elsewhere = await page.request.post(`/tasks/${slug}`, fileForm());
  expect([elsewhere.status(), (await elsewhere.json()).error.code]).toEqual([413, "FILE_TOO_LARGE"]);
  await anonymous.close();
});
