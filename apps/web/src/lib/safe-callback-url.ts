/**
 * Where to go after signing in or up: `value` if it is a path on this site, else "/". Parsed with
 * `URL` against the site's origin, as a browser would, so that `/\evil.example`, `//evil.example`,
 * `/\t/evil.example` and `javascript:` (which a browser resolves to another origin or none) are
 * refused, not just strings starting with `//`. Returns the path, query and fragment only.
 */
export function safeCallbackUrl(value: string | null | undefined, siteOrigin = "http://hierboard.invalid"): string {
  if (!value) return "/";
  try {
    const base = new URL(siteOrigin);
    const target = new URL(value, base);
    if (target.origin !== base.origin) return "/";
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return "/";
  }
}
