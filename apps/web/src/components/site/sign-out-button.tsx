"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";

export function SignOutButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={async () => {
        // No next-auth redirect: it would go to NEXTAUTH_URL rather than this host.
        await signOut({ redirect: false });
        router.push("/");
        router.refresh();
      }}
      className="rounded-md px-2.5 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
    >
      Sign out
    </button>
  );
}
