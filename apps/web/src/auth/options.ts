import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { verifyCredentials, upsertOAuthUser } from "@hierboard/platform";
import { env } from "@/env";
import { signInSchema } from "./schema";

/**
 * JWT sessions: the token carries only the user id; everything else about the
 * user is read from the platform when a page needs it, so a role change takes
 * effect without signing out.
 */
export const authOptions: NextAuthOptions = {
  secret: env.authSecret,
  session: { strategy: "jwt" },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials) {
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) return null;
        const user = await verifyCredentials(parsed.data);
        return user ? { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion } : null;
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
        token.sessionVersion = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      } else if (user.email) {
        const stored = await upsertOAuthUser({
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          email: user.email,
          name: user.name ?? user.email,
        });
        token.sub = stored.id;
        token.sessionVersion = stored.sessionVersion;
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user && token.sub) {
        session.user.id = token.sub;
        session.user.sessionVersion = typeof token.sessionVersion === "number" ? token.sessionVersion : 0;
      }
      return session;
    },
  },
};

export const githubEnabled = env.github !== undefined;
