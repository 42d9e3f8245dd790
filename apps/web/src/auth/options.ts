import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { AppError, endSessions, getSessionVersion, verifyCredentials, upsertOAuthUser } from "@hierboard/platform";
import { clientIp } from "@/server/client-ip";
import { env } from "@/env";
import { signInSchema } from "./schema";
import { secureCookies } from "./secure-cookies";

/**
 * JWT sessions: the token carries the user id and the account's session version; everything else
 * is read from the platform when a page needs it (`getViewer`), and a token whose version is no
 * longer the account's is refused, so sign-out, a password or role change and "sign out
 * everywhere" end every session. Cookies are `Secure` when the site is served over HTTPS.
 */
export const authOptions: NextAuthOptions = {
  secret: env.authSecret,
  session: { strategy: "jwt" },
  useSecureCookies: secureCookies,
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, request) {
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) return null;
        try {
          const user = await verifyCredentials({ ...parsed.data, ip: clientIp(request.headers ?? {}) });
          return user ? { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion } : null;
        } catch (error) {
          // next-auth passes a thrown message to the form as `error` (the lock and when it ends).
          if (error instanceof AppError && error.code === "TOO_MANY_ATTEMPTS") throw new Error(error.message);
          throw error;
        }
      },
    }),
    ...(env.github ? [GitHubProvider({ clientId: env.github.clientId, clientSecret: env.github.clientSecret })] : []),
  ],
  callbacks: {
    // An OAuth account without an email cannot be matched to a HierBoard user.
    async signIn({ user, account }) {
      return account?.provider === "credentials" || Boolean(user.email);
    },
    // On sign-in only (`account` set): the token's subject is our user id, never the provider's.
    async jwt({ token, user, account }) {
      if (!account || !user) return token;
      if (account.provider === "credentials") {
        token.sub = user.id;
        token.sessionVersion = (user as { sessionVersion?: number }).sessionVersion;
      } else if (user.email) {
        const stored = await upsertOAuthUser({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email: user.email,
          name: user.name ?? user.email,
        });
        token.sub = stored.id;
        token.sessionVersion = await getSessionVersion(stored.id);
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user && token.sub) {
        session.user.id = token.sub;
        session.user.sessionVersion = token.sessionVersion;
      }
      return session;
    },
  },
  events: {
    // Signing out ends the account's sessions everywhere, so a copied cookie stops working too.
    async signOut({ token }) {
      if (token?.sub) await endSessions({ userId: token.sub });
    },
  },
};

export const githubEnabled = env.github !== undefined;
