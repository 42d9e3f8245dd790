import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "../auth-card";
import { ConfirmAddressForm } from "./confirm-address-form";

export const metadata: Metadata = { title: "Confirm your address" };

/**
 * The link of a confirmation mail lands here and the button confirms: a GET changes nothing, so a
 * mail scanner that opens the link does not spend it.
 */
export default async function ConfirmAddressPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard
      title="Confirm your address"
      footer={
        <>
          Link expired or used?{" "}
          <Link href="/profile" className="font-medium text-brand-700 hover:underline">
            Send a new one from your profile
          </Link>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-600">Confirming tells HierBoard this address is yours; then you can submit runs.</p>
      <ConfirmAddressForm token={typeof token === "string" ? token : ""} />
    </AuthCard>
  );
}
