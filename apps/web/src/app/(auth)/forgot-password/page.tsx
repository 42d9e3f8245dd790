import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../auth-card";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      footer={
        <>
          Remembered it?{" "}
          <Link href="/signin" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        Give the address of your account. We mail it a link to choose a new password; the link works once, for one hour.
      </p>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
