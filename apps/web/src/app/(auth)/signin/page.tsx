import type { Metadata } from "next";
import Link from "next/link";
import { githubEnabled } from "@/auth/options";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
import { signInReason } from "@/lib/sign-in-reason";
import { AuthCard } from "../auth-card";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

const SIGN_IN_NOTICES: Record<string, string> = {
  "signed-up": "If this email already had an account, sign in with that account's password.",
  "password-reset": "Your new password is set. You were signed out everywhere and your API tokens were revoked: sign in again.",
  "session-ended":
    "Your session has ended: your account changed (a new role, such as the right to host tasks, or a new password) or you signed out elsewhere. Sign in again to go on where you were.",
};

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string; notice?: string }>;
}) {
  const { callbackUrl, error, notice } = await searchParams;
  const target = safeCallbackUrl(callbackUrl);
  return (
    <AuthCard
      title="Sign in to HierBoard"
      footer={
        <>
          New here?{" "}
          <Link href={`/signup?callbackUrl=${encodeURIComponent(target)}`} className="font-medium text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {signInReason(target) && (
        <p role="status" className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="sign-in-reason">
          {signInReason(target)}
        </p>
      )}
      <SignInForm
        callbackUrl={target}
        githubEnabled={githubEnabled}
        initialError={error ? "Sign-in failed." : null}
        notice={SIGN_IN_NOTICES[notice ?? ""] ?? null}
      />
    </AuthCard>
  );
}
