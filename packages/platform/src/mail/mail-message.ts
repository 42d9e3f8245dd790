/** One message as the worker hands it to SMTP: a plain-text part and the same words as HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A one-click unsubscribe link, also sent as the List-Unsubscribe header. */
  unsubscribeUrl?: string;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * A message in plain words: a greeting, paragraphs, an optional link (written out in full in the
 * text part) and a closing line. The HTML part has no images, no styles fetched from elsewhere
 * and no tracking; every value is escaped, so a name or a reason cannot inject markup.
 */
export function plainMail(input: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { label: string; url: string };
  footer?: string[];
  unsubscribeUrl?: string;
}): MailMessage {
  const footer = input.footer ?? [];
  const text = [
    input.greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(input.link ? [`${input.link.label}:`, input.link.url, ""] : []),
    "— HierBoard",
    ...(footer.length ? ["", ...footer] : []),
    "",
  ].join("\n");
  const html = [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(input.greeting)}</p>`,
    ...input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(input.link
      ? [`<p><a href="${escapeHtml(input.link.url)}">${escapeHtml(input.link.label)}</a><br>${escapeHtml(input.link.url)}</p>`]
      : []),
    "<p>— HierBoard</p>",
    ...footer.map((line) => `<p style="font-size: small; color: #555">${escapeHtml(line)}</p>`),
    "</body></html>",
    "",
  ].join("\n");
  return { to: input.to, subject: input.subject, text, html, ...(input.unsubscribeUrl ? { unsubscribeUrl: input.unsubscribeUrl } : {}) };
}
