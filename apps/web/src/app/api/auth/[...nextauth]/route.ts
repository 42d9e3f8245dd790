import NextAuth from "next-auth";
import { authOptions } from "@/auth/options";
import { withSignInLockStatus } from "@/server/sign-in-lock-status";

const handler = NextAuth(authOptions);

/** Sign-in posts: a locked account answers 429 with Retry-After instead of next-auth's 401. */
async function POST(request: Request, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  return withSignInLockStatus(await handler(request, context));
}

export { handler as GET, POST };
