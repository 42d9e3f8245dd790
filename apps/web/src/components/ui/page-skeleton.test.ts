import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageSkeleton } from "./page-skeleton";

describe("PageSkeleton", () => {
  it("is one busy status that names what loads, with the grey blocks hidden from assistive technology", () => {
    const html = renderToStaticMarkup(createElement(PageSkeleton, { label: "Loading the leaderboard…", blocks: ["table", "card"] }));
    expect(html.match(/role="status"/g)).toHaveLength(1);
    expect(html).toMatch(/^<div role="status" aria-busy="true" aria-live="polite"/);
    expect(html).toContain("Loading the leaderboard…");
    // The label is read out; the heading blocks, the spinner and the card blocks are hidden.
    expect(html).toMatch(/<p class="[^"]*"><span aria-hidden="true" [^>]*><\/span>Loading the leaderboard…<\/p>/);
    expect(html.match(/<(div|span) aria-hidden="true"/g)).toHaveLength(3);
    // Motion only for visitors who allow it.
    expect(html).not.toMatch(/class="[^"]*(?<!motion-safe:)animate-(pulse|spin)/);
  });
});
