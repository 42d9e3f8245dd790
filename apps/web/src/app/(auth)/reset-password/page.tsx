import type { Metadata } from "next";
import Link from "next/link";
import { checkResetLink } from "@hierboard/platform";
import { AuthCard } from "../auth-card";
import { ResetPasswordForm } from "./reset-password-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Choose a new password" };

const askAgain = (
  <Link href="/forgot-password" className="font-medium text-brand-700 hover:underline">
    Ask for a new link
  </Link>
);

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const secret = typeof token === "string" ? token : "";
  const refusal = secret
    ? await checkResetLink({ token: secret })
    : { reason: "unknown", message: "This page needs the link from the mail." };
  return (
    <AuthCard title="Choose a new password" footer={askAgain}>
      {refusal ? (
        <p
          role="alert"
          data-testid="link-refused"
          data-reason={refusal.reason}
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {refusal.message}
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            Setting a new password signs you out everywhere and revokes your API tokens; make new ones afterwards.
          </p>
          <ResetPasswordForm token={secret} />
        </>
      )}
    </AuthCard>
  );
}
