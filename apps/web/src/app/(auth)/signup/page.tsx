import type { Metadata } from "next";
import Link from "next/link";
import { safeCallbackUrl } from "@/lib/safe-callback-url";
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
      <SignUpForm callbackUrl={safeCallbackUrl(callbackUrl)} />
    </AuthCard>
  );
}
