export interface RenderedPage {
  status: number;
  html: string;
  /** The CSP nonce the page was rendered with (swapped for each response's own). */
  nonce: string;
}

/**
 * Rendered pages by key, at most `maxEntries` (the least recently used goes first), each for at
 * most `maxAgeMs`. Concurrent requests for a missing key share one render; a render that fails or
 * answers anything but 200 is passed on and not kept.
 */
export class RenderedPageCache {
  private readonly pages = new Map<string, { at: number; page: Promise<RenderedPage> }>();

  constructor(private readonly opts: { maxEntries: number; maxAgeMs: number; now?: () => number }) {}

  async get(key: string, render: () => Promise<RenderedPage>): Promise<{ page: RenderedPage; hit: boolean }> {
    const now = (this.opts.now ?? Date.now)();
    const cached = this.pages.get(key);
    if (cached && now - cached.at < this.opts.maxAgeMs) {
      this.pages.delete(key);
      this.pages.set(key, cached); // most recently used last
      return { page: await cached.page, hit: true };
    }
    const page = render();
    const entry = { at: now, page };
    this.pages.delete(key);
    this.pages.set(key, entry);
    while (this.pages.size > this.opts.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    const drop = () => {
      if (this.pages.get(key) === entry) this.pages.delete(key);
    };
    page.then((p) => p.status !== 200 && drop(), drop);
    return { page: await page, hit: false };
  }

  get size(): number {
    return this.pages.size;
  }
}

/** The page's HTML with its render's nonce replaced by this response's (Next.js stamps it on every script). */
export function withNonce(page: RenderedPage, nonce: string): string {
  return page.nonce === nonce ? page.html : page.html.replaceAll(page.nonce, nonce);
}
