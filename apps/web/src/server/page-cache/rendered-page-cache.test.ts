import { describe, expect, it } from "vitest";
import { RenderedPageCache, withNonce, type RenderedPage } from "./rendered-page-cache";

const page = (html: string, status = 200): RenderedPage => ({ status, html, nonce: "n0nce" });

describe("RenderedPageCache", () => {
  it("renders a key once, also for concurrent requests, and serves it again while young", async () => {
    let now = 0;
    const cache = new RenderedPageCache({ maxEntries: 4, maxAgeMs: 30_000, now: () => now });
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return page(`<p>render ${renders}</p>`);
    };
    const [a, b] = await Promise.all([cache.get("k", render), cache.get("k", render)]);
    expect(renders).toBe(1);
    expect([a.hit, b.hit]).toEqual([false, true]);
    expect(b.page.html).toBe("<p>render 1</p>");
    now = 29_999;
    expect((await cache.get("k", render)).hit).toBe(true);
    now = 30_000; // too old: rendered again
    expect(await cache.get("k", render)).toMatchObject({ hit: false, page: { html: "<p>render 2</p>" } });
  });

  it("renders again under a new key (the task's pages changed) and drops the least recently used", async () => {
    const cache = new RenderedPageCache({ maxEntries: 2, maxAgeMs: 30_000 });
    const render = (html: string) => async () => page(html);
    await cache.get("a", render("a"));
    await cache.get("b", render("b"));
    await cache.get("a", render("a again")); // a is now the most recently used
    await cache.get("c", render("c")); // b goes
    expect(cache.size).toBe(2);
    expect((await cache.get("a", render("a new"))).page.html).toBe("a");
    expect((await cache.get("b", render("b new"))).page.html).toBe("b new");
  });

  it("keeps no answer but 200, and no failed render", async () => {
    const cache = new RenderedPageCache({ maxEntries: 4, maxAgeMs: 30_000 });
    expect((await cache.get("x", async () => page("gone", 404))).page.status).toBe(404);
    expect((await cache.get("x", async () => page("here"))).hit).toBe(false);
    await expect(cache.get("y", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect((await cache.get("y", async () => page("up"))).page.html).toBe("up");
  });
});

describe("withNonce", () => {
  it("puts this response's nonce wherever the render had its own", () => {
    const rendered = page('<script nonce="n0nce">a</script><script nonce="n0nce" src="b.js"></script>');
    expect(withNonce(rendered, "fresh")).toBe('<script nonce="fresh">a</script><script nonce="fresh" src="b.js"></script>');
  });
});
