import type { Metadata } from "next";
import Link from "next/link";
import { AppError, unsubscribe } from "@hierboard/platform";
import { env } from "@/env";
import { AuthCard } from "../auth-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Unsubscribe" };

/**
 * The one-click unsubscribe link of every notification mail: opening it switches that kind of
 * mail off, without signing in (the link is signed; switching off again changes nothing). The
 * profile page switches it back on.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const value = (key: string) => (typeof query[key] === "string" ? query[key] : "");
  let outcome: { ok: true; label: string } | { ok: false; message: string };
  try {
    const { label } = await unsubscribe({ userId: value("u"), kind: value("k"), signature: value("s"), secret: env.authSecret });
    outcome = { ok: true, label };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome = { ok: false, message: error.message };
  }
  return (
    <AuthCard
      title="Mail settings"
      footer={
        <Link href="/profile" className="font-medium text-brand-700 hover:underline">
          All mail settings on your profile
        </Link>
      }
    >
      {outcome.ok ? (
        <p role="status" data-testid="unsubscribed" className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
          Done: you no longer get “{outcome.label}” mails. Switch them back on from your profile page whenever you like.
        </p>
      ) : (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {outcome.message}
        </p>
      )}
    </AuthCard>
  );
}
