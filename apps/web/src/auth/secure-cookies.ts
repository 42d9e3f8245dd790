import { env } from "@/env";

/** Session cookies are `Secure` (and `__Secure-` prefixed) when the site is served over HTTPS. */
export const secureCookies = env.authUrl?.startsWith("https://") ?? false;
