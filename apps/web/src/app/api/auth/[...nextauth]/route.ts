import NextAuth from "next-auth";
import { authOptions } from "@/auth/options";
import { apiRoute } from "@/server/api-route";
import { withSignInLockStatus } from "@/server/sign-in-lock-status";

const handler = NextAuth(authOptions);

type Params = { nextauth: string[] };

// next-auth checks its own CSRF token on sign-in and sign-out, and answers with its own pages and
// redirects; the wrapper adds the request id, the log line and the metric.
const options = { route: "/api/auth/[...nextauth]", auth: "none", sameOrigin: false } as const;

export const GET = apiRoute<Params, "none">(options, ({ request, params }) => handler(request, { params: Promise.resolve(params) }));

export const POST = apiRoute<Params, "none">(options, async ({ request, params }) =>
  withSignInLockStatus(await handler(request, { params: Promise.resolve(params) })),
);
