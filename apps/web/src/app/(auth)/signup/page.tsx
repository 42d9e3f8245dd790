import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../auth-card";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  return (
    <AuthCard
      title="Create your account"
      footer={
        <>
          Already registered?{" "}
          <Link href="/signin" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm callbackUrl={safeCallback(callbackUrl)} />
    </AuthCard>
  );
}

/** Only same-site paths, so a crafted link cannot bounce a new user elsewhere. */
function safeCallback(value: string | undefined): string {
  return value?.startsWith("/") && !value.startsWith("//") ? value : "/";
}
